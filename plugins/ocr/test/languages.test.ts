import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createOcrSource } from '../src/index.js';
import { describeUseCase } from '../src/internal/manifest.js';
import { installedOcrLanguages, toOcrLanguage } from '../src/internal/ocr-languages.js';
import { characterErrorRate, createTestContext, fixtures, toPlainText, toSourceFile } from './helpers.js';

const frenchPage = join(fixtures, 'french.png');
const frenchText = readFileSync(join(fixtures, 'french.expected.txt'), 'utf8');

describe('installed OCR languages', () => {
  it('are the languages whose tesseract data ships as a package (English and French here)', () => {
    expect(installedOcrLanguages()).toEqual(['eng', 'fra']);
  });

  it('are listed in the plugin’s capability entry (its use case, at most 300 characters) and its health', async () => {
    const source = createOcrSource();
    try {
      expect(source.manifest.useCase).toMatch(/ OCR languages installed: eng, fra\.$/);
      await expect(source.health()).resolves.toMatchObject({
        detail: expect.stringContaining('(installed: eng, fra)'),
      });
    } finally {
      await source.close?.();
    }
    const many = Array.from({ length: 60 }, (_, index) => `l${String(index).padStart(2, '0')}`);
    const described = describeUseCase(many);
    expect(described.length).toBeLessThanOrEqual(300);
    expect(described).toMatch(/ OCR languages installed: l00, l01, .* and \d+ more\.$/);
  });

  it('are named by tesseract codes from language tags', () => {
    expect(toOcrLanguage('fr-CA')).toBe('fra');
    expect(toOcrLanguage('fra')).toBe('fra');
    expect(toOcrLanguage('EN')).toBe('eng');
    expect(toOcrLanguage('de')).toBe('deu');
  });
});

describe.each(['tesseract', 'tesseract.js'] as const)('the OCR language with %s', (engine) => {
  const source = createOcrSource({ engine });
  afterAll(async () => {
    await source.close?.();
  });

  async function extract(path: string, preferredLanguage?: string) {
    const { ctx, warnings } = createTestContext(source.manifest.limits);
    const file = toSourceFile(path, 'image/png');
    if (preferredLanguage !== undefined) file.preferredLanguage = preferredLanguage;
    const document = await source.extract(file, ctx);
    return { document, warnings, text: toPlainText(document.root) };
  }

  it('is the detected one: a French page read in English is read again in French (accents English lacks)', async () => {
    const { document, text } = await extract(frenchPage);
    expect(document.metadata.facts).toMatchObject({ ocr_languages: 'eng, fra' });
    expect(document.metadata.language).toBe('fr');
    expect(text).toContain('à Lyon et à Genève');
    expect(text).toContain('système');
    expect(characterErrorRate(text, frenchText)).toBeLessThanOrEqual(0.02);
  });

  it('is the requested one when its data is installed: French at once', async () => {
    const { document, text } = await extract(frenchPage, 'fr-FR');
    expect(document.metadata.facts).toMatchObject({ ocr_languages: 'fra' });
    expect(text).toContain('à Lyon et à Genève');
  });

  it('stays English for an English page, and for a requested language whose data is not installed', async () => {
    for (const preferred of [undefined, 'de']) {
      const { document } = await extract(join(fixtures, 'image.png'), preferred);
      expect(document.metadata.facts).toMatchObject({ ocr_languages: 'eng' });
    }
  });
});
