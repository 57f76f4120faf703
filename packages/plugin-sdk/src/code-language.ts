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
