import { describe, expect, it } from 'vitest';
import { articleElement, toMarkdown } from '../../test/golden.js';
import { toMdast } from './to-mdast.js';

function convert(html: string): string {
  return toMarkdown(toMdast(articleElement(html), { baseUrl: 'https://films.example/', region: true }));
}

const PROSE = "<p>The most popular films this week, as the site's readers ranked them by their visits.</p>";

describe('separateAbuttingItems', () => {
  it('reads touching items of one class apart, as their styles lay them out', () => {
    const meta =
      '<div class="cli-title-metadata"><span class="cli-title-metadata-item">2026</span>' +
      '<span class="cli-title-metadata-item">1h 54m</span><span class="cli-title-metadata-item">R</span></div>';
    expect(convert(`${PROSE}${meta}`)).toContain('2026 1h 54m R');
  });

  it('keeps a heading drawn letter by letter, and a price drawn in parts of two classes, whole', () => {
    const letters = ['S', 'c', 'r', 'e', 'a', 'm']
      .map((letter) => `<span class="char">${letter}</span>`)
      .join('');
    const markdown = convert(
      `<h2>${letters}</h2>${PROSE}<p>Tickets <span class="currency">$</span><span class="amount">12</span></p>`,
    );
    expect(markdown).toContain('## Scream');
    expect(markdown).toContain('Tickets $12');
  });
});
