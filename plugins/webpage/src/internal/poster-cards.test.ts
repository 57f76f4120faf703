import { describe, expect, it } from 'vitest';
import { parseWithLinkedom } from './load-dom.js';

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
    const text = bodyOf(glossary.repeat(3) + facts.repeat(3) + post('Minoa', 'One') + post('Abercontin', 'Two'));
    expect(text).toContain('renews at half its duration');
    expect(text).toContain('2 kg');
    expect(text).toContain('Founded');
  });
});
