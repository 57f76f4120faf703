import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { findExecutable } from '@transmute/plugin-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOcrSource } from '../src/index.js';
import { NativeOcrEngine } from '../src/internal/native-ocr-engine.js';
import { findOrientationData } from '../src/internal/system-tessdata.js';
import { characterErrorRate, createTestContext, fixtures, toPlainText, toSourceFile } from './helpers.js';

const known = readFileSync(join(fixtures, 'known-text.expected.txt'), 'utf8');
const TURNED = [
  ['upside-down.png', 180],
  ['turned-left.png', 90],
  ['turned-right.png', 270],
] as const;

describe('pages the right way up at once with the native engine (orientation detection)', () => {
  const folder = mkdtempSync(join(tmpdir(), 'ocr-orientation-'));
  const log = join(folder, 'recognitions.log');
  const savedPath = process.env['PATH'];
  let source: ReturnType<typeof createOcrSource>;

  beforeAll(() => {
    // A `tesseract` first on PATH that notes each recognition (image on stdin), then runs the real one.
    const real = findExecutable('tesseract');
    if (real === undefined) throw new Error('tesseract is not installed');
    const wrapper = join(folder, 'tesseract');
    writeFileSync(wrapper, `#!/bin/sh\n[ "$1" = stdin ] && echo "$*" >> '${log}'\nexec '${real}' "$@"\n`);
    chmodSync(wrapper, 0o755);
    process.env['PATH'] = `${folder}${delimiter}${savedPath ?? ''}`;
    source = createOcrSource({ engine: 'tesseract' });
  });
  afterAll(async () => {
    process.env['PATH'] = savedPath;
    await source.close?.();
  });

  it('finds the orientation data of the installed tesseract (Debian tesseract-ocr-osd)', () => {
    expect(findOrientationData('tesseract')).toMatch(/osd\.traineddata$/);
  });

  it.each(TURNED)(
    'reads %s (turned %i degrees) in one tesseract run with a CER of at most 5 %',
    async (name) => {
      writeFileSync(log, '');
      const { ctx, warnings } = createTestContext(source.manifest.limits);
      const document = await source.extract(toSourceFile(join(fixtures, name), 'image/png'), ctx);
      expect(characterErrorRate(toPlainText(document.root), known)).toBeLessThanOrEqual(0.05);
      const runs = readFileSync(log, 'utf8').trim().split('\n');
      expect(runs).toHaveLength(1);
      expect(runs[0]).toContain('--psm 1');
      expect(warnings).toEqual([]);
    },
  );

  it('measures line heights across the lines of a page it read turned a quarter', async () => {
    const engine = new NativeOcrEngine('tesseract', ['eng'], findOrientationData('tesseract'));
    const height = async (name: string) => {
      const reading = await engine.recognize(readFileSync(join(fixtures, name)), 60_000);
      return reading.paragraphs.map((paragraph) => paragraph.lineHeight);
    };
    const [upright = 0] = await height('image.png');
    for (const name of ['turned-left.png', 'turned-right.png']) {
      const [turned = 0] = await height(name);
      expect(turned / upright).toBeCloseTo(1, 1);
    }
  });
});

describe('pages turned with tesseract.js (no orientation detection: read again turned)', () => {
  const source = createOcrSource({ engine: 'tesseract.js' });
  afterAll(async () => {
    await source.close?.();
  });

  it('reads a page turned a quarter with a CER of at most 5 %', async () => {
    const { ctx } = createTestContext(source.manifest.limits);
    const document = await source.extract(toSourceFile(join(fixtures, 'turned-left.png'), 'image/png'), ctx);
    expect(characterErrorRate(toPlainText(document.root), known)).toBeLessThanOrEqual(0.05);
  });
});
