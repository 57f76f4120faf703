import { describe, expect, it } from 'vitest';
import { convertHtml } from '../src/index.js';
import { toMdast } from '../src/internal/to-mdast.js';
import { articleElement, toMarkdown } from './golden.js';

/** A paragraph long enough for Readability to take the page as an article. */
const BODY =
  'The harbour authority approved the plan on Tuesday after two years of public hearings. ' +
  'Work on the old docks starts in spring, and the first section of the park opens next year. ';

/** A page whose article holds `inner` between two body paragraphs. */
function page(inner: string, head = '<title>Docks become a park</title>'): string {
  return `<!DOCTYPE html><html lang="en"><head>${head}</head><body><main><article>
<h1>Docks become a park</h1><p>${BODY.repeat(3)}</p>${inner}<p>${BODY.repeat(2)}</p>
</article></main></body></html>`;
}

async function markdownOf(html: string): Promise<string> {
  const { root } = await convertHtml(html, { url: 'https://news.example/docks' });
  return toMarkdown(root);
}

describe('main content: reading the page', () => {
  it('reads a <tmp> element as markup, not text (linkedom takes it for <xmp>)', async () => {
    const sentence = `<b>Bangalore</b>: Phone maker <a href="/topic/apple">Apple</a> saw sales fall. `;
    const html = `<!DOCTYPE html><html><head><title>Sales fall</title></head><body>
<div class="Normal"><tmp>${`${sentence.repeat(4)}<br><br>`.repeat(6)}</tmp></div></body></html>`;
    const result = await convertHtml(html, { url: 'https://news.example/sales' });
    const markdown = toMarkdown(result.root);
    expect(markdown).not.toMatch(/<\/?(a|b|br)\b/);
    expect(markdown).toContain('Phone maker [Apple](https://news.example/topic/apple) saw sales fall.');
    expect(result.dom).toBe('linkedom');
  });
});

describe('main content: no article', () => {
  it("converts the page's main region, not its header, navigation and footer, when no article is found", async () => {
    const html = `<!DOCTYPE html><html lang="en"><head><title>Opening hours</title></head><body>
<header><a href="/">Harbour Museum</a><nav><a href="/visit">Visit</a> <a href="/shop">Shop</a></nav></header>
<div class="hours"><h1>Opening hours</h1><p>Tuesday to Sunday, 10 to 5.</p></div>
<footer>© 2026 Harbour Museum Trust</footer></body></html>`;
    const result = await convertHtml(html, { url: 'https://museum.example/hours' });
    const markdown = toMarkdown(result.root);
    expect(result.mainContentFound).toBe(false);
    expect(result.warnings.some((warning) => warning.includes('its main region'))).toBe(true);
    expect(markdown).toContain('Tuesday to Sunday, 10 to 5.');
    expect(markdown).not.toContain('Harbour Museum Trust');
    expect(markdown).not.toContain('Shop');
  });
});

describe('main content: tabs', () => {
  it("keeps every tab panel of a page's code samples, though only the open one is shown", async () => {
    const tab = (language: string, code: string, shown: boolean) =>
      `<div role="tabpanel" aria-labelledby="tab-${language}"${shown ? '' : ' hidden="" style="display:none"'}>` +
      `<p>Install the ${language} helper library first, then run the sample below to send your first message.</p>` +
      `<pre><code>${code}</code></pre></div>`;
    const html = `<!DOCTYPE html><html><head><title>Send a message</title></head><body><main><article>
<h1>Send a message</h1><p>${BODY.repeat(3)}</p>
<div role="tablist"><button role="tab" id="tab-Node.js">Node.js</button><button role="tab" id="tab-PHP">PHP</button></div>
${tab('Node.js', 'npm install harbour', true)}${tab('PHP', 'composer require harbour/harbour', false)}
<p>${BODY.repeat(2)}</p><div hidden><p>A panel the page never shows: a template for the error dialog.</p></div>
<div role="tabpanel" hidden><p>Our experts are a world-class team dedicated to you, free of charge.</p></div>
</article></main></body></html>`;
    const markdown = await markdownOf(html);
    expect(markdown).toContain('npm install harbour');
    expect(markdown).toContain('composer require harbour/harbour');
    expect(markdown).toContain('Install the PHP helper library first');
    expect(markdown).not.toContain('never shows');
    // A hidden tab of prose stays hidden, as the page shows it.
    expect(markdown).not.toContain('world-class team');
  });
});

describe('main content: a second opinion where Readability is unsure', () => {
  it('reads the article that opens with the page description when Readability took another box', async () => {
    const lead = 'The Red Cross is looking for volunteers to help prepare the county for natural disasters.';
    const paragraphs = [
      lead,
      'Volunteers are invited to join the local disaster action team and help respond to disasters.',
      'They will be on call to respond to house fires, open shelters for evacuees and feed the crews.',
      'Training is free, and the chapter holds an information evening at the library next month.',
    ];
    const html = `<!DOCTYPE html><html><head><title>Red Cross seeks volunteers</title>
<meta name="description" content="${lead}"></head><body>
<div id="artpagination"><div class="gel-pane">${[lead, ...Array<string[]>(5).fill(paragraphs.slice(1)).flat()].map((text) => `<p>${text}</p>`).join('')}</div></div>
<div class="firefly-box"><p>${lead}</p><p>A link to this page will be included in your message to your friends and family.</p>
<h2>Reset your password</h2><p>Enter your e-mail address and we will send you a link to reset your password today.</p>
<h2>Register</h2><p>Create an account, or if you already have a digital profile, log in to read more articles.</p>
<h2>Thank you for subscribing</h2><p>View articles, videos, galleries and more at any time of the day, on any of your devices.</p>
<p>Access the tablet edition, the mobile site and the phone app, and share your access with a friend or family member.</p>
<p>You will receive the daily e-mail newsletter. If you do not want it, change your selections in your account settings.</p></div>
</body></html>`;
    const markdown = await markdownOf(html);
    expect(markdown).toContain('They will be on call to respond to house fires');
    expect(markdown).not.toContain('Reset your password');
  });
});

describe('main content: what the article body is not', () => {
  it('starts the body with the title as its one level-1 heading, and keeps it in metadata (CONTRACT §13)', async () => {
    const result = await convertHtml(page(''), { url: 'https://news.example/docks' });
    expect(result.metadata.title).toBe('Docks become a park');
    const markdown = toMarkdown(result.root);
    expect(markdown).toMatch(/^# Docks become a park\n\nThe harbour authority approved/);
    expect(markdown.split('Docks become a park').length - 1).toBe(1);
    expect(result.root.children[0]?.data?.title).toBe(true);
  });

  it('takes a heading that repeats the title without the site name as the title heading', async () => {
    const html = page('', '<title>Docks become a park | The Harbour Gazette</title>').replace(
      '<h1>Docks become a park</h1>',
      '<h2>Docks become a park</h2>',
    );
    const markdown = await markdownOf(html);
    expect(markdown).toMatch(/^# Docks become a park\n/);
    expect(markdown).not.toContain('Harbour Gazette');
  });

  it('drops figure captions and photo credits, keeping the image', async () => {
    const markdown = await markdownOf(
      page(`<figure><img src="/docks.jpg" alt="Cranes over the old docks at dusk">
<figcaption>The old docks in 1950. <span class="credit">Photo: Harbour Archive</span></figcaption></figure>
<div class="photo-caption">Workers at the harbour gate.</div><p>(AP Photo/Jane Doe)</p>`),
    );
    expect(markdown).toContain('![Cranes over the old docks at dusk](https://news.example/docks.jpg)');
    expect(markdown).not.toMatch(/1950|Harbour Archive|harbour gate|Jane Doe/);
  });

  it('keeps alt text only when it reads like words', async () => {
    const images = [
      'milano-design-week-2018-flos-Arrangements-01',
      'whit6e%20house%201.jpg',
      '687474703a2f2f6f63746f6465782e6769746875622e636f6d',
      'logo',
      'Image',
      'Photo: Getty Images',
    ].map((alt, index) => `<p><img src="/i${String(index)}.png" alt="${alt}"></p>`);
    const markdown = await markdownOf(page(images.join('')));
    expect(markdown).toContain('![](https://news.example/i0.png)');
    expect(markdown).not.toMatch(/milano|whit6e|6874747|logo|Image\]|Getty/);
  });

  it('moves bylines and date stamps out of the body', async () => {
    const markdown = await markdownOf(
      page(`<p class="byline">By Ann Smith, Harbour Reporter</p><p>Updated Jul 18, 2013 10:06 PM ET</p>
<div><span itemprop="author">Ann Smith</span></div><p>By Kim Lee</p>`),
    );
    expect(markdown).not.toMatch(/Ann Smith|Jul 18|Kim Lee/);
  });

  it('drops tag lists, share bars, related links, ad labels and follow or contact lines', async () => {
    const markdown = await markdownOf(
      page(`<div class="post-tags">Tags: <a href="/t/docks">docks</a>, <a href="/t/parks">parks</a></div>
<p>#docks #harbour</p>
<div class="share-bar">Recommend0 Tweet0 Comments0 Email Print</div>
<h3>Related stories</h3><ul><li><a href="/a">City buys land for a new port</a></li>
<li><a href="/b">Ferry line closes after forty years</a></li></ul>
<p>See also: <a href="/c">The history of the docks</a></p>
<p>Advertisement</p><p>Follow Ann Smith on Twitter at @annsmith.</p>
<p>Write to Ann Smith at ann@news.example</p><p>Kim Lee contributed to this report.</p>`),
    );
    expect(markdown).not.toMatch(/docks\]|#docks|Tweet|Related|new port|Ferry|history of the docks/);
    expect(markdown).not.toMatch(/Advertisement|Follow Ann|Write to|contributed/);
    expect(markdown).toContain('Work on the old docks starts in spring');
  });

  it("keeps a decorator's signature heading its definition: it is no handle (`@functools.cache(user_function)`)", async () => {
    const markdown = await markdownOf(
      page(`<dl class="py function"><dt class="sig sig-object py" id="functools.cache"><span class="pre">@</span><span class="pre">functools.</span><span class="sig-name">cache</span>(<em class="sig-param">user_function</em>)<a class="headerlink" href="#functools.cache">¶</a></dt>
<dd><p>Simple lightweight unbounded function cache. Sometimes called memoize.</p></dd></dl>
<p>Follow us @harbourgazette</p><p>@harbourgazette @cityhall</p>`),
    );
    expect(markdown).toContain('@functools.cache(_user_function_)');
    expect(markdown).toContain('Simple lightweight unbounded function cache.');
    expect(markdown).not.toContain('harbourgazette');
  });

  it("drops a poster's counts, joined date and Quote buttons beside each post of a thread, keeping the posts", async () => {
    const post = (user: string) =>
      `<div class="post"><dl class="postprofile"><dt><a href="/u/${user}">${user}</a></dt>
<dd class="profile-posts"><strong>Posts:</strong> <a href="/s/${user}">2630</a></dd>
<dd class="profile-joined"><strong>Joined:</strong> Wed Apr 24, 2019 2:19 am</dd></dl>
<ul class="post-buttons"><li><a href="/q/${user}"><span>Quote</span></a></li></ul><p>${user} writes: ${BODY}</p></div>`;
    const users = ['kestrel_dev', 'voltage_val', 'harbour_fan', 'dock_hand'];
    const markdown =
      await markdownOf(`<!DOCTYPE html><html><head><title>Docks become a park</title></head><body>
<div class="navbar"><a href="/">Board index</a> <a href="/faq">Quick links</a></div>
<div id="page-body" role="main"><h2>Docks become a park</h2>${users.map(post).join('')}</div></body></html>`);
    expect(markdown.split('The harbour authority approved the plan').length - 1).toBe(4);
    expect(markdown).not.toMatch(/Posts:|2630|Joined|2019|Quote/);
  });

  it('keeps every post of a thread whose one long post (a pasted log) Readability read as its article', async () => {
    // A traceback: Readability scores a block by its commas, and a log has one or two a line.
    const log =
      'Future exception was never retrieved, File "/usr/src/homeassistant/core.py", line 816, in async_create_task\n'.repeat(
        40,
      );
    const post = (id: number, text: string) =>
      `<div id="post_${String(id)}" itemprop="comment" itemscope itemtype="http://schema.org/Comment" class="topic-body crawler-post">` +
      `<div class="crawler-post-meta"><span class="creator">poster${String(id)}</span> May 3, 2024</div><div class="post" itemprop="text">${text}</div></div>`;
    const markdown =
      await markdownOf(`<!DOCTYPE html><html><head><title>Stuck on starting</title></head><body>
<div itemscope itemtype="http://schema.org/DiscussionForumPosting"><h1>Stuck on starting</h1>
<div id="post_1" class="topic-body crawler-post"><p>I have just installed version 2024.5.0 and several devices are not available after every reboot.</p></div>
${post(2, `<p>This is part of the log, I hope it is sufficient:</p><pre><code>${log}</code></pre>`)}
${post(3, '<p>Looks like it is something to do with the tuya_local integration, try disabling it and restarting.</p>')}
${post(4, '<p>I found a thread already open on GitHub where the same problem is being discussed, thanks.</p>')}
</div></body></html>`);
    expect(markdown).toContain('I have just installed version 2024.5.0');
    expect(markdown).toContain('Future exception was never retrieved');
    expect(markdown).toContain('try disabling it and restarting');
    expect(markdown).toContain('I found a thread already open on GitHub');
  });

  it('reads a page its JSON-LD declares a thread as one, though no class or id names its posts', async () => {
    const story =
      'We drove the coast road, slowly, from the ferry to the lighthouse in two days, stopping, as planned, in each harbour town. ';
    const reply = (n: number) =>
      `Reply ${String(n)}: we did the same loop last spring and the second day was the best part of it.<br>` +
      'The road past the cliffs closes when the wind is high so check the board at the ferry first.<br>' +
      'The lighthouse café opens at ten and the tower tour fills up early on weekends.';
    const post = (user: string, text: string) =>
      `<div class="msg"><div class="msg-head"><a href="/people/${user}">${user}</a> May 3, 2024</div><div class="msg-text">${text}</div></div>`;
    const other = (title: string, user: string) =>
      `<li><a href="/t/${user}">${title}</a> started by ${user}, 9 replies</li>`;
    // Undeclared, the same page keeps its list of other threads (nothing says it is a thread).
    const markdown =
      await markdownOf(`<!DOCTYPE html><html><head><title>Coast road trip</title><script type="application/ld+json">{"@context":"https://schema.org","@type":"DiscussionForumPosting","headline":"Coast road trip"}</script></head><body>
<div class="board"><h1>Coast road trip</h1>
${post('raoul', `<p>${story.repeat(4)}</p><p>${story.repeat(4)}</p>`)}
${[1, 2, 3, 4, 5, 6].map((n) => post(`user${String(n)}`, reply(n))).join('\n')}
<div class="more"><h3>Similar threads</h3><ul>${other('Ferry times in winter', 'anna')}${other('Parking at the lighthouse', 'tom')}${other('Best harbour town for a night', 'lee')}</ul></div>
</div></body></html>`);
    expect(markdown).toContain('We drove the coast road');
    expect(markdown).toContain('Reply 1: we did the same loop');
    expect(markdown).toContain('Reply 6: we did the same loop');
    expect(markdown).not.toContain('Ferry times in winter');
  });

  it('keeps a wrapper whose class names boilerplate when it holds most of the article', async () => {
    const html = page('')
      .replace('<article>', '<article><div class="entry-meta">')
      .replace('</article>', '</div></article>');
    expect(await markdownOf(html)).toContain('The harbour authority approved the plan');
  });

  it('keeps an attribution line printed once per post (a thread), not as a byline', async () => {
    const post = (user: string) =>
      `<div class="post"><div class="post-meta"><span class="username">${user}</span> <span class="post-date">Jan 12, 2026</span></div><p>${BODY}</p></div>`;
    const markdown = await markdownOf(page(post('kestrel_dev') + post('voltage_val')));
    expect(markdown).toContain('kestrel_dev Jan 12, 2026');
    expect(markdown).toContain('voltage_val Jan 12, 2026');
  });

  it('judges each <br>-separated line of a block on its own', async () => {
    const markdown = await markdownOf(
      page(
        `<p>The park is the largest of its kind.<br><br>Written by Ann Smith<br>Copyright: Harbour Gazette</p>`,
      ),
    );
    expect(markdown).toContain('The park is the largest of its kind.');
    expect(markdown).not.toMatch(/Written by|Copyright/);
  });

  it('drops a list of other articles named by its class', async () => {
    const markdown = await markdownOf(
      page(`<div class="other-articles"><h2>Other Stories</h2><ul class="articles">
<li><h3><a href="/x">Dirt bike driver injured</a></h3><div>Officials said the rider had no lights on the road.</div></li>
</ul></div>`),
    );
    expect(markdown).not.toMatch(/Other Stories|Dirt bike|no lights/);
  });

  it('drops author bios, captions that end with a credit, pull-quote frames and standfirsts', async () => {
    const markdown = await markdownOf(
      page(`<p>Storm clouds over the gulf. Photograph: NOAA/EPA</p>
<p>Ann Smith is a senior reporter for the Harbour Gazette and writes about the port. Follow Ann at http://twitter.com/annsmith.</p>
<p>Start Quote The docks were our life End Quote Kim Lee, dock worker</p><p>Summary: The docks will become a park.</p>`),
    );
    expect(markdown).not.toMatch(/Storm clouds|senior reporter|Start Quote|Summary/);
  });

  it("clears alt text that repeats the article's own heading (a slide's title)", async () => {
    const markdown = await markdownOf(
      page(`<h2>Cranes leave the docks</h2><p><img src="/s1.jpg" alt="1 - Cranes leave the docks"></p>`),
    );
    expect(markdown).toContain('## Cranes leave the docks');
    expect(markdown).toContain('![](https://news.example/s1.jpg)');
  });

  it('drops a run of teaser cards to other pages, each a linked picture, a sentence and a date', async () => {
    const card = (slug: string, sentence: string) =>
      `<div class="story-box"><div><a href="/${slug}">${slug} in the news</a></div>
<div class="stamp">July 14, 2013 -- Updated 2217 GMT (0617 HKT)</div>
<div><a href="/${slug}"><img src="/${slug}.jpg" alt=""></a></div><div class="tease">${sentence}</div></div>`;
    const markdown = await markdownOf(
      page(`<div class="rail"><div>Part of complete coverage on</div>
${card('ferry', 'The last ferry of the season left the quay on a grey morning with few passengers.')}
${card('crane', 'A crane that stood over the docks for sixty years is taken down piece by piece.')}
${card('market', 'The fish market moves to a new hall by the river after a long dispute.')}</div>`),
    );
    expect(markdown).not.toMatch(/last ferry|sixty years|fish market|complete coverage|HKT/);
    expect(markdown).toContain('Work on the old docks starts in spring');
  });

  it('keeps paragraphs of one class that open with a link: they are not short teasers', async () => {
    // Four paragraphs of a story, each its own words (a page does not print one paragraph twice).
    const paragraphs = ['first', 'second', 'third', 'fourth'].map(
      (part) => `<p class="story-body"><a href="/plan">The plan</a> (its ${part} part) ${BODY}</p>`,
    );
    const markdown = await markdownOf(page(paragraphs.join('')));
    expect(markdown.match(/The plan\]/g)).toHaveLength(4);
  });

  it('drops a block of <br>-separated headline links with their dates', async () => {
    const line = (title: string) =>
      `<a href="/${title.length.toString()}">${title}</a>May 31, 2013, 10:35 AM<br>`;
    const markdown = await markdownOf(
      page(
        `<p>${line('Ferry line closes after forty years of service')}${line('City buys land for a new port')}${line('Last crane taken down at the old docks')}</p>`,
      ),
    );
    expect(markdown).not.toMatch(/Ferry line|new port|Crane taken/);
  });

  it("drops a comment section's house rules and page labels", async () => {
    const markdown = await markdownOf(
      page(`<p>Comments are filtered for language and registration is required. The Gazette makes no guarantee
of comments' factual accuracy. Readers may report inappropriate comments by clicking the Report Abuse link next to
a comment, and we will review it and remove it when it breaks the rules of the site.</p>
<p>Main Category: Harbour news<br>Article Date: 07 Jun 2013 - 0:00 PDT</p>
<p>Cranes over the docks. Click image for slideshow</p>`),
    );
    expect(markdown).not.toMatch(/filtered for language|Main Category|Article Date|slideshow/);
  });

  it('drops a long caption that ends with its agency credit, as text or as alt text', async () => {
    const caption =
      'The director of the harbour authority smiles as he greets dock workers during a visit to the old ' +
      'north pier, in the city of Porthaven, near the river mouth, on October 7, 2012, a week before the ' +
      'council vote on the park. REUTERS/Ann Smith';
    const markdown = await markdownOf(page(`<p><img src="/pier.jpg" alt="${caption}"></p><p>${caption}</p>`));
    expect(markdown).not.toMatch(/smiles as he greets/);
    expect(markdown).toContain('![](https://news.example/pier.jpg)');
  });

  it('keeps a paragraph that reports what an agency said', async () => {
    const markdown = await markdownOf(page('<p>The figures were first reported by Reuters on Monday.</p>'));
    expect(markdown).toContain('first reported by Reuters on Monday');
  });

  it('drops a bullet summary under a "Story highlights" label, and gallery controls', async () => {
    const markdown = await markdownOf(
      page(`<p>HIDE CAPTION</p><p><strong>STORY HIGHLIGHTS</strong></p>
<ul><li>The harbour authority approves the park</li><li>Work starts in spring</li></ul>
<p>The plan lists what will be built:</p><ul><li>a tidal pool by the north pier</li><li>a path along the quay</li></ul>`),
    );
    expect(markdown).not.toMatch(/HIDE CAPTION|HIGHLIGHTS|approves the park|Work starts in spring/);
    expect(markdown).toMatch(/tidal pool by the north pier[\s\S]*path along the quay/);
  });

  it('drops script configuration printed as text, and keeps JSON shown as code', async () => {
    const markdown = await markdownOf(
      page(`<p>{ "js_modules": [{"name": "expandable-photo"}], "assetid": "2162867", "aws": "news/local" }</p>
<pre><code>{ "pier": "north", "length": 120 }</code></pre>`),
    );
    expect(markdown).not.toContain('js_modules');
    expect(markdown).toContain('{ "pier": "north", "length": 120 }');
  });

  it('reads a layout table (the article in one cell) as blocks, not as a one-row table', async () => {
    const html = page('').replace(
      '<main><article>',
      '<main><article><table><tr><td><h2>The plan</h2><p>' +
        BODY +
        '</p><p>' +
        BODY +
        '</p></td><td><a href="/x">Menu</a></td></tr></table>',
    );
    const markdown = await markdownOf(html);
    expect(markdown).toContain('## The plan');
    expect(markdown).not.toMatch(/^\|/m);
  });

  it("keeps a gallery's slides whose pictures link to their larger files", async () => {
    const slide = (name: string) =>
      `<div class="slide"><a href="/${name}-large.jpg"><img src="/${name}.jpg" alt=""></a><p>The ${name} pier, seen from the water.</p></div>`;
    const markdown = await markdownOf(page(['north', 'south', 'east'].map(slide).join('')));
    expect(markdown).toMatch(/north pier[\s\S]*south pier[\s\S]*east pier/);
  });

  it('keeps a data table as a table', async () => {
    const table =
      '<table><tr><th>Pier</th><th>Length</th></tr><tr><td>North</td><td>120 m</td></tr><tr><td>South</td><td>95 m</td></tr></table>';
    expect(await markdownOf(page(table))).toMatch(/^\| North +\| 120 m +\|$/m);
  });

  it("keeps the article's own reference list although its items are links", () => {
    // Straight through the HTML → mdast step: Readability keeps such a list on pages whose
    // template scores it up, and the link-list rule must not take it out then.
    const list =
      '<ul><li><a href="/r1">Harbour plan, 2024</a></li><li><a href="/r2">Council minutes</a></li></ul>';
    const article = `<p>${BODY.repeat(3)}</p><h2>References</h2>${list}<h2>More</h2>${list}`;
    const markdown = toMarkdown(toMdast(articleElement(article), { baseUrl: 'https://news.example/' }));
    expect(markdown.match(/Harbour plan, 2024/g)).toHaveLength(1);
  });
});
