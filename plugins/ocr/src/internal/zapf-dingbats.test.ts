import { describe, expect, it } from 'vitest';
import { fromZapfDingbats, isZapfDingbatsName } from './zapf-dingbats.js';

describe('fromZapfDingbats', () => {
  it('maps ZapfDingbats codes to the dingbats they draw and leaves Unicode and unused codes alone', () => {
    expect(fromZapfDingbats('3 4 7 H')).toBe('✓ ✔ ✗ ★');
    expect(fromZapfDingbats('\u00ac\u00d4')).toBe('①➔');
    expect(fromZapfDingbats('✓\u007f')).toBe('✓\u007f');
  });

  it('knows a ZapfDingbats font by its name, with or without a subset prefix', () => {
    expect(isZapfDingbatsName('ZapfDingbats')).toBe(true);
    expect(isZapfDingbatsName('ABCDEF+ZapfDingbats')).toBe(true);
    expect(isZapfDingbatsName('ITCZapfDingbats')).toBe(true);
    expect(isZapfDingbatsName('Helvetica')).toBe(false);
  });
});
