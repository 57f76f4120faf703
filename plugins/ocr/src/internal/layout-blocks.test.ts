import { describe, expect, it } from 'vitest';
import { toTextBlocks, type LineGroup } from './layout-blocks.js';
import type { Segment } from './layout-types.js';

const line = (text: string, y: number): Segment => ({
  text,
  x0: 72,
  x1: 400,
  y,
  size: 10,
  font: 'Helvetica',
});

function blocksOf(texts: string[]): ReturnType<typeof toTextBlocks> {
  const lines = texts.map((text, index) => line(text, 100 + 12 * index));
  const group: LineGroup = { box: { x0: 72, x1: 400, top: 90, bottom: 100 + 12 * texts.length }, lines };
  return toTextBlocks(group);
}

describe('list markers', () => {
  it('reads enumerators as the markers of numbered items', () => {
    const blocks = blocksOf(['1. Preheat the oven.', '2. Butter the tin.']);
    expect(blocks.map((block) => [block.kind, block.ordered, block.text])).toEqual([
      ['list_item', true, 'Preheat the oven.'],
      ['list_item', true, 'Butter the tin.'],
    ]);
  });

  it('keeps an area code before a phone number as text, however many spaces follow it', () => {
    for (const text of ['(405) 680-3701 2014/08/19', '(405)  680-3701 2014/08/19', '(405)\t 680.3701']) {
      const [block] = blocksOf([text]);
      expect(block?.kind).toBe('paragraph');
      expect(block?.text).toBe(text);
    }
  });
});
