import { describe, expect, it } from 'vitest';
import { getLabels, OUTPUT_LANGUAGES, toPrimaryLanguage } from './labels.js';

describe('labels', () => {
  it('covers en, de, fr, es, it, nl and pt', () => {
    expect([...OUTPUT_LANGUAGES]).toEqual(['en', 'de', 'fr', 'es', 'it', 'nl', 'pt']);
  });

  it('has every label, non-empty, in every language', () => {
    const english = getLabels('en');
    const keys = Object.keys(english ?? {}).sort();
    for (const language of OUTPUT_LANGUAGES) {
      const labels = getLabels(language);
      expect(Object.keys(labels ?? {}).sort()).toEqual(keys);
      for (const [key, value] of Object.entries(labels ?? {})) {
        const text =
          typeof value === 'function'
            ? String((value as (...args: unknown[]) => string)('X', false, false))
            : String(value);
        expect(text.trim(), `${language}.${key}`).not.toBe('');
      }
    }
  });

  it('resolves regional tags and ISO 639-3 codes to their language', () => {
    expect(getLabels('de-AT')?.summary).toBe('Zusammenfassung');
    expect(getLabels('pt_BR')?.summary).toBe('Resumo');
    expect(toPrimaryLanguage('fra')).toBe('fr');
    expect(getLabels('ja')).toBeUndefined();
  });

  it('builds questions in the requested language', () => {
    expect(getLabels('en')?.questionWhatIs('batteries', true, false)).toBe('What are batteries?');
    expect(getLabels('de')?.questionWhatIs('Solarstrom', false, true)).toBe('Was war Solarstrom?');
    expect(getLabels('es')?.questionAbout('redes')).toBe('¿Qué dice la fuente sobre «redes»?');
  });
});
