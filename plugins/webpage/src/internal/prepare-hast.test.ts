import { describe, expect, it } from 'vitest';
import { toMarkdown } from '../../test/golden.js';
import { toMdast } from './to-mdast.js';

function convert(html: string, baseUrl?: string): string {
  return toMarkdown(toMdast(html, { baseUrl, fragment: true }));
}

describe('HTML → mdast cleaning', () => {
  it('keeps a code block language from the code, the pre, a wrapper class or data-lang', () => {
    expect(convert('<pre><code class="language-rust">fn main() {}</code></pre>')).toContain('```rust');
    expect(convert('<pre class="lang-go"><code>package main</code></pre>')).toContain('```go');
    expect(convert('<pre data-lang="Python"><code>print(1)</code></pre>')).toContain('```python');
    expect(convert('<pre><code>plain</code></pre>')).toContain('```\nplain');
  });

  it('makes links and images absolute and drops script links', () => {
    const markdown = convert(
      '<p><a href="../b">B</a> <img src="i.png" alt="Alt text"> <a href="javascript:alert(1)">Run</a></p>',
      'https://x.example/a/c/',
    );
    expect(markdown).toContain('[B](https://x.example/a/b)');
    expect(markdown).toContain('![Alt text](https://x.example/a/c/i.png)');
    expect(markdown).not.toContain('javascript');
    expect(markdown).toContain('Run');
  });

  it('keeps lazy images, drops hidden and script elements, keeps table captions as text', () => {
    expect(convert('<img data-src="/lazy.jpg" alt="Lazy">', 'https://x.example/')).toContain(
      '![Lazy](https://x.example/lazy.jpg)',
    );
    expect(
      convert('<p>Seen</p><p hidden>Hidden</p><div style="display:none">Gone</div><script>bad()</script>'),
    ).toBe('Seen\n');
    const table = convert('<table><caption>Prices</caption><tr><th>A</th></tr><tr><td>1</td></tr></table>');
    expect(table.startsWith('Prices\n\n| A |')).toBe(true);
  });
});
