import type { Element } from 'hast';

/** A class naming a sample's language: `language-rust`, `lang-go`, GitHub's `highlight-source-python`. */
const LANGUAGE_CLASS = /^(?:language|lang|highlight-source)-([\w#+.-]+)$/i;

/**
 * A wrapper's class naming the language of the sample inside it: the above, or Sphinx's
 * `highlight-python3` (on the `<div>` around its `<div class="highlight"><pre>`).
 */
const WRAPPER_LANGUAGE_CLASS = /^(?:language|lang|highlight-source|highlight)-([\w#+.-]+)$/i;

/** Language names that name none: Sphinx's `highlight-default` and `highlight-none`. */
const NO_LANGUAGE = new Set(['default', 'none']);

/**
 * Languages a highlighter names with a bare class on the `<pre>` or `<code>` (rustdoc's
 * `<pre class="rust">`, highlight.js's `<code class="hljs python">`). Only these: a bare class is
 * most often a style's name.
 */
const BARE_LANGUAGES = new Set([
  'bash',
  'console',
  'cpp',
  'csharp',
  'css',
  'diff',
  'go',
  'html',
  'java',
  'javascript',
  'json',
  'jsx',
  'kotlin',
  'php',
  'powershell',
  'python',
  'ruby',
  'rust',
  'shell',
  'sql',
  'swift',
  'toml',
  'tsx',
  'typescript',
  'xml',
  'yaml',
]);

/** How many levels above a `<pre>` a wrapper's class may name its language. */
const WRAPPER_DEPTH = 2;

/**
 * Finds the language of a `<pre>` (on its `<code>`, on itself as a class, `data-lang`, a
 * `brush: x` class as MDN prints it, or a bare language class, or from a wrapper: see
 * {@link markWrappedCodeLanguage}) and puts it on its `<code>` as `language-x`, the class the
 * markdown's fence reads it from. A `<pre>` without a `<code>` (Sphinx's) gets one around its
 * content when a language is found.
 */
export function markCodeLanguage(pre: Element): void {
  const code = pre.children.find(
    (child): child is Element => child.type === 'element' && child.tagName === 'code',
  );
  const language = languageOf(code) ?? languageOf(pre);
  if (language === undefined) return;
  if (code !== undefined) {
    code.properties['className'] = [`language-${language}`];
    return;
  }
  pre.children = [
    {
      type: 'element',
      tagName: 'code',
      properties: { className: [`language-${language}`] },
      children: pre.children,
    },
  ];
}

/**
 * When `element` (not a `<pre>`) names a sample's language in its class (`highlight-python3`,
 * `language-bash`), gives it as `data-lang` to each `<pre>` up to {@link WRAPPER_DEPTH} levels
 * under it that names none itself. Sphinx, MkDocs and Docusaurus put the language on the sample's
 * wrapper, not on the `<pre>`; the fence then says it.
 */
export function markWrappedCodeLanguage(element: Element): void {
  const { className } = element.properties;
  if (!Array.isArray(className) || className.length === 0) return;
  const language = classLanguage(className, WRAPPER_LANGUAGE_CLASS);
  if (language === undefined) return;
  const visit = (parent: Element, depth: number): void => {
    for (const child of parent.children) {
      if (child.type !== 'element') continue;
      if (child.tagName === 'pre') {
        const code = child.children.find(
          (inner): inner is Element => inner.type === 'element' && inner.tagName === 'code',
        );
        if (languageOf(child) === undefined && languageOf(code) === undefined) {
          child.properties['dataLang'] = language;
        }
      } else if (depth < WRAPPER_DEPTH) visit(child, depth + 1);
    }
  };
  visit(element, 0);
}

function languageOf(element: Element | undefined): string | undefined {
  if (element === undefined) return undefined;
  const { className, dataLang, dataLanguage } = element.properties;
  for (const candidate of [dataLang, dataLanguage]) {
    if (typeof candidate === 'string' && /^[\w#+.-]{1,30}$/.test(candidate)) return candidate.toLowerCase();
  }
  if (!Array.isArray(className)) return undefined;
  return classLanguage(className, LANGUAGE_CLASS) ?? brushLanguage(className) ?? bareLanguage(className);
}

function classLanguage(className: readonly (string | number)[], pattern: RegExp): string | undefined {
  for (const name of className) {
    const language = pattern.exec(String(name))?.[1]?.toLowerCase();
    if (language !== undefined && !NO_LANGUAGE.has(language)) return language;
  }
  return undefined;
}

/** MDN's (and SyntaxHighlighter's) `class="brush: html"`: the class after `brush:`. */
function brushLanguage(className: readonly (string | number)[]): string | undefined {
  const index = className.findIndex((name) => String(name).toLowerCase() === 'brush:');
  const language = index === -1 ? undefined : className[index + 1];
  return typeof language === 'string' && /^[\w#+.-]{1,30}$/.test(language)
    ? language.toLowerCase()
    : undefined;
}

function bareLanguage(className: readonly (string | number)[]): string | undefined {
  const found = className.find((name) => BARE_LANGUAGES.has(String(name).toLowerCase()));
  return found === undefined ? undefined : String(found).toLowerCase();
}
