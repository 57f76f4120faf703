import { describe, expect, it } from 'vitest';
import { sniffDelimiter } from './sniff-delimiter.js';

describe('sniffDelimiter', () => {
  it('tells the delimiter from how consistently it splits the first rows', () => {
    expect(sniffDelimiter('name,price\nHoney,4.50\nWax,2\n')).toBe(',');
    // Excel's CSV where the decimal mark is a comma.
    expect(sniffDelimiter('Name;Preis;Menge\nHonig;4,50;12\nWachs;2,10;3\n')).toBe(';');
    expect(sniffDelimiter('name\tprice\nHoney\t4.50\n')).toBe('\t');
    expect(sniffDelimiter('name|price\nHoney|4.50\n')).toBe('|');
  });

  it('keeps the comma when a text field holds semicolons, or when nothing splits the rows', () => {
    expect(sniffDelimiter('id,tags\n1,bees;honey\n2,wax;comb;frames\n')).toBe(',');
    expect(sniffDelimiter('one column\nHoney\nWax\n')).toBe(',');
    expect(sniffDelimiter('')).toBe(',');
  });

  it('reads quoted fields with the delimiter inside them', () => {
    expect(sniffDelimiter('"Name";"Note"\n"Honig";"süß; dunkel"\n"Wachs";"gelb"\n')).toBe(';');
    expect(sniffDelimiter('"a,b";c\n"d,e";f\n')).toBe(';');
  });
});
