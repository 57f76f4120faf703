import { describe, expect, it } from 'vitest';
import { convertHtml } from '../convert-html.js';
import { toMarkdown } from '../../test/golden.js';

const prose = (sentence: string, times: number) => `<p>${`${sentence} `.repeat(times)}</p>`;

/** A reference page laid out as rustdoc lays one out: section and signature headings named `…-header`. */
const referencePage = `<html><head><title>Result in std::result</title></head><body>
<nav class="sidebar"><a href="/std">std</a> <a href="/std/result">result</a></nav>
<main><section id="main-content" class="content">
<h1>Enum <span class="enum">Result</span></h1>
<pre class="rust item-decl"><code>pub enum Result&lt;T, E&gt; { Ok(T), Err(E) }</code></pre>
${prose('Result is a type that represents either success (Ok) or failure (Err), returned by fallible functions.', 4)}
<h2 id="variants" class="variants section-header">Variants<a href="#variants" class="anchor">§</a></h2>
<section id="variant.Ok" class="variant"><h3 class="code-header">Ok(T)</h3></section>
<div class="docblock"><p>Contains the success value of the operation that was attempted.</p></div>
<h2 id="implementations" class="section-header">Implementations</h2>
<details class="toggle method-toggle" open><summary><section id="method.is_ok" class="method"><span class="rightside">1.0.0 · <a class="src" href="/src/result.rs.html#593">Source</a></span><h4 class="code-header">pub const fn <a href="#method.is_ok" class="fn">is_ok</a>(&amp;self) -&gt; bool</h4></section></summary>
<div class="docblock">${prose('Returns true if the result is Ok, and false when it holds an error value instead.', 3)}</div></details>
<details class="toggle method-toggle" open><summary><section id="method.is_err" class="method"><h4 class="code-header">pub const fn <a href="#method.is_err" class="fn">is_err</a>(&amp;self) -&gt; bool</h4></section></summary>
<div class="docblock">${prose('Returns true if the result is Err, and false when it holds a success value instead.', 3)}</div></details>
</section></main>
<footer class="site-footer">© The Rust Project</footer>
</body></html>`;

describe('headings a template names as headers', () => {
  it("keeps a reference page's section and signature headings named `section-header` and `code-header`", async () => {
    const { root } = await convertHtml(referencePage, {
      url: 'https://doc.example/std/result/enum.Result.html',
    });
    const markdown = toMarkdown(root);
    expect(markdown).toMatch(/^## Variants/m);
    expect(markdown).toMatch(/^### Ok\(T\)/m);
    expect(markdown).toMatch(/^## Implementations/m);
    // The signature inside a disclosure's summary is a heading of its own line, not `####` mid-line;
    // the name's link to its own section is a permalink, so its words stay and the link goes.
    expect(markdown).toMatch(/^#### pub const fn is_ok\(\\?&self\) -> bool$/m);
    expect(markdown).toMatch(/^#### pub const fn is_err/m);
    expect(markdown).not.toMatch(/\S ?#### /);
  });

  it('still drops a heading that another word names as chrome (`sidebar-header`)', async () => {
    const page = referencePage.replace(
      '<h2 id="implementations" class="section-header">Implementations</h2>',
      '<h2 class="sidebar-header">Jump to</h2><h2 id="implementations" class="section-header">Implementations</h2>',
    );
    const markdown = toMarkdown((await convertHtml(page)).root);
    expect(markdown).not.toContain('Jump to');
    expect(markdown).toMatch(/^## Implementations/m);
  });

  it('reads a summary of text as a line and a summary holding a heading as a heading', async () => {
    const page = `<html><body><main><article>${prose('An answer to the question below, long enough to be read as the article of this page.', 6)}
<details><summary>When is the shop open?</summary><p>Every day from nine to five.</p></details>
<details><summary><span>Shipping</span><h3>Do you ship abroad?</h3></summary><p>Yes, to every country of the union.</p></details>
</article></main></body></html>`;
    const markdown = toMarkdown((await convertHtml(page)).root);
    expect(markdown).toMatch(/^When is the shop open\?$/m);
    expect(markdown).toMatch(/^### Do you ship abroad\?$/m);
  });
});
