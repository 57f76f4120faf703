import { describe, expect, it } from 'vitest';
import { parseWithLinkedom } from './load-dom.js';
import { dropPosterFacts } from './poster-cards.js';

const post = (name: string, text: string): string =>
  `<div class="post"><dl class="postprofile" id="profile${name.length}"><dt><a href="./memberlist.php?u=1">${name}</a></dt>` +
  `<dd>Senator</dd><dd><strong>Posts:</strong> 4032</dd><dd><strong>Founded:</strong> Dec 11, 2021</dd></dl>` +
  `<div class="postbody"><p>${text}</p></div></div>`;

const bodyOf = (html: string): string =>
  parseWithLinkedom(`<!DOCTYPE html><html><body>${html}</body></html>`).body.textContent ?? '';

describe('dropPosterCardFacts (run by the parse)', () => {
  it("keeps each poster's name and drops the facts of their card", () => {
    const text = bodyOf(
      post('Minoa', 'The season starts in August.') +
        post('Abercontin', 'Which league do you follow?') +
        post('Outer Armatonis', 'All of them, mostly.'),
    );
    expect(text).toContain('Minoa');
    expect(text).toContain('Outer Armatonis');
    expect(text).toContain('All of them, mostly.');
    expect(text).not.toContain('Founded');
    expect(text).not.toContain('Senator');
  });

  it('keeps lists that are not repeated cards: a glossary, a list of facts, two posts', () => {
    const glossary =
      '<dl class="terms"><dt>Lease</dt><dd>A claim on a job that its worker renews at half its duration, or loses.</dd><dd>See also: heartbeat and the stalled-work sweep that follows it.</dd></dl>';
    const facts = '<dl class="specs"><dt>Weight</dt><dd>2 kg</dd><dt>Colour</dt><dd>Red</dd></dl>';
    const text = bodyOf(
      glossary.repeat(3) + facts.repeat(3) + post('Minoa', 'One') + post('Abercontin', 'Two'),
    );
    expect(text).toContain('renews at half its duration');
    expect(text).toContain('2 kg');
    expect(text).toContain('Founded');
  });

  it("keeps a product's repeated option lists: a term that links nowhere is no poster", () => {
    const options = (term: string): string =>
      `<dl class="option"><dt>${term}</dt><dd>Red</dd><dd>Sea blue</dd><dd>Sand</dd></dl>`;
    const text = bodyOf(
      `<div class="options">${options('Colour')}${options('Strap')}${options('Dial')}</div>`,
    );
    expect(text).toContain('Sea blue');
  });
});

describe('dropPosterFacts', () => {
  it("drops a poster's rank, banner and counts, keeping their name and post", () => {
    const document = parseWithLinkedom(
      '<!DOCTYPE html><html><body><article class="message"><section class="message-user userExtra--expand">' +
        '<h4 class="message-name"><a class="username">latawiec</a></h4>' +
        '<h5 class="userTitle message-userTitle">Well-known member</h5>' +
        '<div class="userBanner message-userBanner"><strong>Staff member</strong></div>' +
        '<div class="message-userExtras"><dl class="pairs"><dt>Joined</dt><dd>Oct 28, 2023</dd></dl></div>' +
        '<div class="ipsComment_authorBadge">Top poster</div></section>' +
        '<div class="message-content"><p>Never book flights through them.</p></div>' +
        '<p class="author-name">Written by Ann</p></article></body></html>',
    );
    expect(dropPosterFacts(document.body, document.body.outerHTML)).toBe(4);
    const text = document.body.textContent ?? '';
    expect(text).toContain('latawiec');
    expect(text).toContain('Never book flights through them.');
    expect(text).toContain('Written by Ann');
    for (const fact of ['Well-known member', 'Staff member', 'Joined', 'Top poster'])
      expect(text).not.toContain(fact);
  });
});
