import { describe, expect, it } from 'vitest';
import { stringifyInParts } from './json-in-parts.js';

describe('stringifyInParts', () => {
  it('writes exactly what JSON.stringify writes', async () => {
    const values: unknown[] = [
      null,
      0,
      'text with "quotes" and \u2028',
      [],
      {},
      { a: undefined, b: () => 1, c: Symbol('s'), d: 1 },
      [undefined, () => 1, Symbol('s'), NaN, Infinity, -0],
      { when: new Date(0), nested: { toJSON: () => ({ replaced: true }) } },
      { boxed: [new Number(3), new String('s'), new Boolean(false)] },
      { map: new Map([[1, 2]]), typed: new Uint8Array([1, 2]) },
      Object.assign(Object.create(null) as object, { bare: 1 }),
      {
        blocks: Array.from({ length: 500 }, (_, index) => ({ index, text: `b${index}`, skip: undefined })),
        deep: { a: { b: { c: { d: { e: [1, { f: undefined }] } } } } },
        small: [{ x: 1 }, undefined],
      },
      Array.from({ length: 70 }, (_, index) => (index % 2 === 0 ? undefined : [index, { v: index }])),
    ];
    for (const value of values) expect(await stringifyInParts(value)).toBe(JSON.stringify(value));
  });

  it('gives the event loop turns while it writes a large document', async () => {
    const text = 'lorem ipsum dolor sit amet '.repeat(20);
    const document = {
      blocks: Array.from({ length: 60_000 }, (_, index) => ({ id: index, type: 'paragraph', text })),
      chunks: Array.from({ length: 20_000 }, (_, index) => ({ id: `c${index}`, text, tokens: 120 })),
    };
    let turns = 0;
    const ticker = setInterval(() => (turns += 1), 1);
    const json = await stringifyInParts(document);
    clearInterval(ticker);
    expect(json).toBe(JSON.stringify(document));
    expect(turns).toBeGreaterThan(2);
  });
});
