import { describe, expect, it } from 'vitest';
import { articleElement, toMarkdown } from '../../test/golden.js';
import { toMdast } from './to-mdast.js';

function convert(html: string): string {
  return toMarkdown(toMdast(articleElement(html), { baseUrl: undefined }));
}

describe("a code sample's lines", () => {
  it('are put on lines of their own when the page draws them as blocks of spans without line ends', () => {
    // Shiki's output minified: each line a `<span class="line">`, no `\n` between them.
    const shiki =
      '<pre class="shiki"><code><span class="line"><span>npm</span><span> create</span><span> vite@latest</span>' +
      '<span> my-project</span></span><span class="line"><span>cd</span><span> my-project</span></span>' +
      '<span class="line"></span><span class="line"><span>npm run dev</span></span></code></pre>';
    expect(convert(shiki)).toBe(
      '```\nnpm create vite@latest my-project\ncd my-project\n\nnpm run dev\n```\n',
    );
  });

  it("keeps a sample's own line ends, and a highlighted line's break, once", () => {
    // Gatsby wraps a highlighted line with its line end; two highlighted lines in a row have none between them.
    const gatsby =
      '<pre><code>const a = 1;\n<span class="gatsby-highlight-code-line">  first();\n</span>' +
      '<span class="gatsby-highlight-code-line">  second();</span><span class="gatsby-highlight-code-line">  third();</span>\n' +
      'done();</code></pre>';
    expect(convert(gatsby)).toBe('```\nconst a = 1;\n  first();\n  second();\n  third();\ndone();\n```\n');
    const prism =
      '<pre><code><span class="token-line"><span>a</span><br></span><span class="token-line"><span>b</span><br></span></code></pre>';
    expect(convert(prism)).toBe('```\na\nb\n```\n');
  });

  it('leaves spans named a line outside a code sample as they are', () => {
    expect(convert('<p><span class="line">One.</span><span class="line">Two.</span></p>')).toBe('One.Two.\n');
  });
});
