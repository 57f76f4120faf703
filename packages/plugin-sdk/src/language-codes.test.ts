import { describe, expect, it } from 'vitest';
import { ISO_639_3_CODES, toIso6391, toPrimaryLanguage } from './language-codes.js';

describe('toIso6391', () => {
  it('maps ISO 639-3 codes to ISO 639-1', () => {
    expect(toIso6391('eng')).toBe('en');
    expect(toIso6391('deu')).toBe('de');
    expect(toIso6391('cmn')).toBe('zh');
    expect(toIso6391('arb')).toBe('ar');
  });

  it('maps the individual-language codes franc answers for Estonian, Latvian and Malay', () => {
    expect(toIso6391('ekk')).toBe('et');
    expect(toIso6391('lvs')).toBe('lv');
    expect(toIso6391('zlm')).toBe('ms');
  });

  it('maps ISO 639-2/B bibliographic codes', () => {
    expect(toIso6391('ger')).toBe('de');
    expect(toIso6391('fre')).toBe('fr');
    expect(toIso6391('dut')).toBe('nl');
  });

  it('answers undefined for undetermined, unknown and inherited property names', () => {
    expect(toIso6391('und')).toBeUndefined();
    expect(toIso6391('sco')).toBeUndefined();
    expect(toIso6391('constructor')).toBeUndefined();
    expect(toIso6391('toString')).toBeUndefined();
  });
});

describe('ISO_639_3_CODES', () => {
  it('lists every ISO 639-3 code toIso6391 maps, and no bibliographic code', () => {
    expect(ISO_639_3_CODES).toContain('eng');
    expect(ISO_639_3_CODES).toContain('ekk');
    expect(ISO_639_3_CODES).not.toContain('ger');
    for (const code of ISO_639_3_CODES) expect(toIso6391(code), code).toMatch(/^[a-z]{2}$/);
    expect(Object.isFrozen(ISO_639_3_CODES)).toBe(true);
  });
});

describe('toPrimaryLanguage', () => {
  it('takes the primary subtag of a regional tag, lower-cased', () => {
    expect(toPrimaryLanguage('de-AT')).toBe('de');
    expect(toPrimaryLanguage('PT_br')).toBe('pt');
  });

  it('maps three-letter codes to ISO 639-1 and keeps codes it does not know', () => {
    expect(toPrimaryLanguage('fra')).toBe('fr');
    expect(toPrimaryLanguage('GER-de')).toBe('de');
    expect(toPrimaryLanguage('haw')).toBe('haw');
    expect(toPrimaryLanguage('constructor')).toBe('constructor');
    expect(toPrimaryLanguage('')).toBe('');
  });
});
