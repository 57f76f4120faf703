import { describe, expect, it } from 'vitest';
import { builtInFormat, formatValue } from '../src/spreadsheet/number-format.js';

const ACCOUNTING = builtInFormat(44);

describe('Excel number formats', () => {
  it.each([
    [0.125, '0.0%', '12.5%'],
    [1234.5, builtInFormat(7), '$1,234.50'],
    [-1234.5, builtInFormat(7), '($1,234.50)'],
    [1234.5, ACCOUNTING, '$1,234.50'],
    [1234567.891, '#,##0.00', '1,234,567.89'],
    [1234567, '#,##0,"K"', '1,235K'],
    [-1234.5, builtInFormat(37), '(1,235)'],
    [0.000123, builtInFormat(11), '1.23E-04'],
    [12345, builtInFormat(48), '12.3E+3'],
    [1.5, builtInFormat(12), '1 1/2'],
    [0.3333, builtInFormat(13), '1/3'],
    [5, '000-0000', '000-0005'],
    [-3, '0;[Red]-0', '-3'],
    [-3, '0.0', '-3.0'],
    [0, '0;-0;"zero"', 'zero'],
    [42, '0.0#', '42.0'],
    [42.1234, '0.0#', '42.12'],
    [3.14159, '[$€-407] #,##0.00', '€ 3.14'],
    [0.1 + 0.2, 'General', '0.3'],
    [123456789012, 'General', '1.23457E+11'],
    [150, '[>100]"big";"small"', 'big'],
    [2.5, 'General" kg"', '2.5 kg'],
    [-2.5, 'General;"minus "General', 'minus 2.5'],
  ])('%s in %s is %s', (value, code, shown) => {
    expect(formatValue(value, code, false)).toBe(shown);
  });

  it.each([
    [45352, builtInFormat(14), '2024-03-01'],
    [45352.75, builtInFormat(18), '6:00 PM'],
    [45352.5, 'dddd, mmmm d, yyyy h:mm:ss', 'Friday, March 1, 2024 12:00:00'],
    [45352, 'd-mmm-yy', '1-Mar-24'],
    [45352, 'mmmmm', 'M'],
    [1.5, builtInFormat(46), '36:00:00'],
    [0.0001, builtInFormat(47), '00:08.6'],
    [60, 'yyyy-mm-dd', '1900-02-29'],
    [61, 'yyyy-mm-dd', '1900-03-01'],
  ])('date serial %s in %s is %s (1900 system)', (value, code, shown) => {
    expect(formatValue(value, code, false)).toBe(shown);
  });

  it('counts 1904 serials from 1 January 1904', () => {
    expect(formatValue(0, 'yyyy-mm-dd', true)).toBe('1904-01-01');
    expect(formatValue(43890, 'yyyy-mm-dd', true)).toBe('2024-03-01');
  });

  it('puts text through the text section', () => {
    expect(formatValue('abc', '0;-0;0;"Name: "@', false)).toBe('Name: abc');
    expect(formatValue('abc', '0.00', false)).toBe('abc');
  });
});
