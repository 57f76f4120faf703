/**
 * The fence language of a file by its name or extension: how a code block of its text is labelled
 * in markdown (`python`, `yaml`, `bash`), for the repository digest's files and for a single text
 * file of code, configuration or a log, which reads as a code block rather than as prose.
 */
const LANGUAGES: Record<string, string> = {
  '.ts': 'typescript',
  '.tsx': 'tsx',
  '.mts': 'typescript',
  '.cts': 'typescript',
  '.js': 'javascript',
  '.jsx': 'jsx',
  '.mjs': 'javascript',
  '.cjs': 'javascript',
  '.json': 'json',
  '.jsonc': 'jsonc',
  '.md': 'markdown',
  '.mdx': 'mdx',
  '.py': 'python',
  '.rb': 'ruby',
  '.go': 'go',
  '.rs': 'rust',
  '.java': 'java',
  '.kt': 'kotlin',
  '.kts': 'kotlin',
  '.scala': 'scala',
  '.swift': 'swift',
  '.c': 'c',
  '.h': 'c',
  '.cc': 'cpp',
  '.cpp': 'cpp',
  '.cxx': 'cpp',
  '.hpp': 'cpp',
  '.cs': 'csharp',
  '.fs': 'fsharp',
  '.php': 'php',
  '.pl': 'perl',
  '.lua': 'lua',
  '.r': 'r',
  '.sh': 'bash',
  '.bash': 'bash',
  '.zsh': 'zsh',
  '.fish': 'fish',
  '.ps1': 'powershell',
  '.sql': 'sql',
  '.html': 'html',
  '.htm': 'html',
  '.css': 'css',
  '.scss': 'scss',
  '.sass': 'sass',
  '.less': 'less',
  '.vue': 'vue',
  '.svelte': 'svelte',
  '.yaml': 'yaml',
  '.yml': 'yaml',
  '.toml': 'toml',
  '.ini': 'ini',
  '.cfg': 'ini',
  '.xml': 'xml',
  '.svg': 'xml',
  '.graphql': 'graphql',
  '.proto': 'protobuf',
  '.dart': 'dart',
  '.ex': 'elixir',
  '.exs': 'elixir',
  '.erl': 'erlang',
  '.hs': 'haskell',
  '.ml': 'ocaml',
  '.clj': 'clojure',
  '.zig': 'zig',
  '.nim': 'nim',
  '.tf': 'hcl',
  '.hcl': 'hcl',
  '.gradle': 'groovy',
  '.groovy': 'groovy',
  '.txt': 'text',
  '.rst': 'rst',
  '.tex': 'latex',
  '.csv': 'csv',
  '.dockerfile': 'dockerfile',
  '.vim': 'vim',
  '.el': 'elisp',
  '.jl': 'julia',
  '.m': 'objectivec',
  '.log': 'log',
};
const LANGUAGE_BY_NAME: Record<string, string> = {
  Dockerfile: 'dockerfile',
  Makefile: 'makefile',
  GNUmakefile: 'makefile',
  Rakefile: 'ruby',
  Gemfile: 'ruby',
  Jenkinsfile: 'groovy',
  '.gitignore': 'gitignore',
  '.editorconfig': 'ini',
  '.npmrc': 'ini',
  LICENSE: 'text',
};

/**
 * The fence language of a file from its name or extension, '' when unknown.
 *
 * @example
 * codeLanguageOf('src/app.py'); // 'python'
 * codeLanguageOf('Dockerfile'); // 'dockerfile'
 */
export function codeLanguageOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot).toLowerCase() : '';
  return LANGUAGE_BY_NAME[name] ?? LANGUAGES[extension] ?? '';
}

/**
 * Media types of source code and configuration as servers, browsers and upload tools declare them
 * (IANA names and the common `x-` forms), by fence language.
 */
const LANGUAGE_BY_MEDIA_TYPE: Record<string, string> = {
  'application/yaml': 'yaml',
  'application/x-yaml': 'yaml',
  'text/yaml': 'yaml',
  'text/x-yaml': 'yaml',
  'application/toml': 'toml',
  'text/x-toml': 'toml',
  'text/x-python': 'python',
  'text/x-python-script': 'python',
  'application/x-python': 'python',
  'application/x-python-code': 'python',
  'text/javascript': 'javascript',
  'application/javascript': 'javascript',
  'application/x-javascript': 'javascript',
  'text/ecmascript': 'javascript',
  'application/ecmascript': 'javascript',
  'application/typescript': 'typescript',
  'application/x-typescript': 'typescript',
  'text/typescript': 'typescript',
  'text/x-typescript': 'typescript',
  'text/x-shellscript': 'bash',
  'text/x-sh': 'bash',
  'application/x-sh': 'bash',
  'application/x-shellscript': 'bash',
  'application/sql': 'sql',
  'text/x-sql': 'sql',
  'text/css': 'css',
  'text/x-c': 'c',
  'text/x-csrc': 'c',
  'text/x-chdr': 'c',
  'text/x-c++src': 'cpp',
  'text/x-c++hdr': 'cpp',
  'text/x-java': 'java',
  'text/x-java-source': 'java',
  'text/x-go': 'go',
  'text/x-rust': 'rust',
  'text/rust': 'rust',
  'text/x-ruby': 'ruby',
  'application/x-ruby': 'ruby',
  'text/x-php': 'php',
  'application/x-httpd-php': 'php',
  'text/x-perl': 'perl',
  'text/x-lua': 'lua',
  'text/x-kotlin': 'kotlin',
  'text/x-scala': 'scala',
  'text/x-swift': 'swift',
  'text/x-csharp': 'csharp',
  'text/x-diff': 'diff',
  'text/x-patch': 'diff',
  'text/x-ini': 'ini',
  'text/x-makefile': 'makefile',
  'text/x-dockerfile': 'dockerfile',
  'application/graphql': 'graphql',
  'text/x-log': 'log',
  'application/xml': 'xml',
  'text/xml': 'xml',
};

/**
 * The fence language of a declared media type of code or configuration (`application/yaml` →
 * `yaml`, `text/x-python` → `python`), undefined for any other type. Parameters (`; charset=…`) and
 * case are ignored.
 *
 * @example
 * codeLanguageOfMediaType('text/x-python; charset=utf-8'); // 'python'
 * codeLanguageOfMediaType('text/plain'); // undefined
 */
export function codeLanguageOfMediaType(mediaType: string): string | undefined {
  return LANGUAGE_BY_MEDIA_TYPE[(mediaType.split(';')[0] ?? '').trim().toLowerCase()];
}
