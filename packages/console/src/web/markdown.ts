import MarkdownIt from 'markdown-it';

/**
 * Markdown → HTML for output content. Raw HTML in the source is escaped (`html: false`), and
 * markdown-it refuses `javascript:`, `vbscript:` and non-image `data:` links, so content can never
 * run script; the page's CSP (`script-src 'self'`) would block an inline one anyway.
 */
const renderer = new MarkdownIt({ html: false, linkify: false, typographer: false });

export function renderMarkdown(source: string): string {
  return renderer.render(source);
}
