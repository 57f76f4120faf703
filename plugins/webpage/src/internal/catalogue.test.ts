import { describe, expect, it } from 'vitest';
import { isCatalogue, showsPriceGrid } from './catalogue.js';
import { parseWithLinkedom } from './load-dom.js';

function bodyOf(body: string): Element {
  return parseWithLinkedom(`<!DOCTYPE html><html><body>${body}</body></html>`).body;
}

describe('isCatalogue', () => {
  it("is a catalogue when the region shows four items' prices, in any currency notation", () => {
    const cards = ['The Super Pack £88', 'Balm Dotcom Trio £42', 'Socks 12,00 €', 'Dash cam лв1097,87']
      .map((card) => `<div class="card">${card}</div>`)
      .join('');
    expect(isCatalogue(bodyOf(cards))).toBe(true);
  });

  it('is no catalogue with fewer prices, or with prices only in scripts', () => {
    expect(isCatalogue(bodyOf('<p>The ticket costs $12 and the parking $5.</p>'))).toBe(false);
    expect(isCatalogue(bodyOf('<script>var p = ["$1", "$2", "$3", "$4"];</script><p>Welcome</p>'))).toBe(
      false,
    );
  });
});

describe('showsPriceGrid', () => {
  it("shows a grid with eight items' prices, not with a pricing table's four", () => {
    const cards = (count: number) =>
      Array.from(
        { length: count },
        (_, index) => `<div class="card">Plan ${String(index)} $${String(index + 10)}</div>`,
      ).join('');
    expect(showsPriceGrid(bodyOf(cards(8)))).toBe(true);
    expect(showsPriceGrid(bodyOf(cards(4)))).toBe(false);
  });
});
