import { describe, expect, it } from 'vitest';
import { toPageLayout } from './layout-page.js';
import type { TextRun } from './layout-types.js';
import { dropOverprint } from './overprint.js';

const run = (str: string, x: number, y: number, width: number, size = 16): TextRun => ({
  str,
  x,
  y,
  width,
  size,
  font: 'f5',
});

/** "Test test" in fake bold, as a real PDF paints it: each glyph three or four times, cut differently. */
const FAKE_BOLD = [
  run('T', 135.59, 100, 10.13),
  run('T', 135.75, 100, 10.13),
  run('T', 135.59, 99.68, 10.13),
  run('Te', 135.75, 99.68, 19.34),
  run('e', 146.32, 100, 8.93),
  run('e', 146.16, 100, 8.93),
  run('es', 146.32, 99.68, 17.14),
  run('s', 155.44, 100, 8.18),
  run('s', 155.28, 100, 8.18),
  run('st', 155.44, 99.68, 14.49),
  run('t', 164.08, 100, 6),
  run('t', 163.92, 100, 6),
  run('t t', 164.08, 99.68, 17.37),
  run('t', 175.61, 100, 6),
  run('t', 175.45, 100, 6),
  run('te', 175.61, 99.68, 15.01),
  run('e', 181.85, 100, 8.93),
  run('es', 181.85, 99.68, 17.14),
  run('s', 190.97, 100, 8.18),
  run('st', 190.97, 99.68, 14.49),
];

function lineText(runs: TextRun[]): string {
  const layout = toPageLayout(1, runs);
  return layout.blocks.map((block) => ('text' in block ? block.text : '')).join('\n');
}

describe('dropOverprint', () => {
  it('reads fake bold once', () => {
    expect(lineText(FAKE_BOLD)).toBe('Test test');
  });

  it('keeps the same word written again elsewhere, and letters that repeat inside a run', () => {
    const runs = [run('all all', 72, 100, 50), run('all', 72, 130, 20), run('all', 140, 100, 20)];
    expect(dropOverprint(runs)).toEqual(runs);
  });

  it('drops a whole string painted twice a fraction of a point apart', () => {
    const runs = [run('Shadowed title', 72, 100, 110), run('Shadowed title', 72.6, 100.5, 110)];
    expect(dropOverprint(runs).map((kept) => kept.str)).toEqual(['Shadowed title']);
  });
});
