import { describe, expect, it } from 'vitest';
import { sniffUrlMediaType } from './url-sniff.js';

const sniff = (content: string | number[]): string =>
  sniffUrlMediaType(typeof content === 'string' ? Buffer.from(content, 'latin1') : Uint8Array.from(content));

describe('sniffUrlMediaType', () => {
  it.each([
    ['%PDF-1.7\n', 'application/pdf'],
    ['ID3\u0003\u0000', 'audio/mpeg'],
    ['RIFF\u0000\u0000\u0000\u0000WAVEfmt ', 'audio/wav'],
    ['OggS\u0000\u0002', 'audio/ogg'],
    ['\u0000\u0000\u0000\u0018ftypM4A ', 'audio/mp4'],
    ['\u0089PNG\r\n\u001a\n', 'image/png'],
    ['  <!DOCTYPE html><html>', 'text/html'],
    ['<!-- generated --><html lang="en">', 'text/html'],
    ['<?xml version="1.0"?>\n<html xmlns="http://www.w3.org/1999/xhtml">', 'application/xhtml+xml'],
    ['{"a": [1, 2]}', 'application/json'],
    ['{not json', 'text/plain'],
    ['Just some words.', 'text/plain'],
  ])('%j → %s', (content, expected) => {
    expect(sniff(content)).toBe(expected);
  });

  it('calls binary data octet-stream', () => {
    expect(sniff([1, 2, 0, 3, 4])).toBe('application/octet-stream');
  });
});
