import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readEml } from '../src/mail/read-eml.js';
import { readRtf } from '../src/word/read-rtf.js';
import { createDocumentsSource } from '../src/index.js';
import { markdownOf } from './support/markdown-of.js';
import { readBytes } from './support/read-bytes.js';
import { extractBytes } from './support/read-document.js';

const fixture = (path: string) =>
  readFileSync(new URL(`../../../fixtures/documents/${path}`, import.meta.url));
const EML = fixture('eml-message/input.eml');
const RTF = fixture('rtf-libreoffice/input.rtf');

const utf16be = (text: string) => Buffer.from(text, 'utf16le').swap16();
const withBom = (bom: number[], bytes: Buffer) => Buffer.concat([Buffer.from(bom), bytes]);

describe('an e-mail saved as UTF-16', () => {
  it('reads as the same message with or without a byte-order mark, LE or BE', async () => {
    const expected = markdownOf((await readBytes(readEml, EML, 'm.eml', 'message/rfc822')).document.root);
    expect(expected).toContain('Hello Bo,');
    const text = EML.toString('utf8');
    const variants = {
      'LE with BOM': withBom([0xff, 0xfe], Buffer.from(text, 'utf16le')),
      'BE with BOM': withBom([0xfe, 0xff], utf16be(text)),
      'LE without BOM': Buffer.from(text, 'utf16le'),
      'BE without BOM': utf16be(text),
    };
    for (const [name, bytes] of Object.entries(variants)) {
      const { document, warnings } = await readBytes(readEml, bytes, 'm.eml', 'message/rfc822');
      expect(markdownOf(document.root), name).toBe(expected);
      expect(
        warnings.some((warning) => warning.startsWith('encoding_guessed')),
        name,
      ).toBe(name.endsWith('without BOM'));
    }
  });
});

describe('an RTF file without its {\\rtf header', () => {
  const plugin = createDocumentsSource();
  // LibreOffice's RTF of the report with the opening `{\rtf1` and the closing brace cut off: its
  // font and style tables, then the body text, as a clipboard or a broken export leaves it.
  const body = RTF.subarray('{\\rtf1'.length, RTF.lastIndexOf('}'));

  it('is read as RTF body text through the plugin, the same as the whole file, with a warning', async () => {
    const whole = await extractBytes(plugin, 'report.rtf', 'application/rtf', RTF);
    const headless = await extractBytes(plugin, 'report.rtf', 'application/rtf', body);
    expect(markdownOf(headless.root)).toBe(markdownOf(whole.root));
    const { warnings } = await readBytes(readRtf, body, 'report.rtf', 'application/rtf');
    expect(warnings).toEqual([
      expect.stringMatching(/^rtf_header_missing: report\.rtf has no \{\\rtf header/),
    ]);
  });

  it('reads a short body and a header after white space; refuses plain text', async () => {
    const short = await readBytes(
      readRtf,
      String.raw`\pard Hello \b world\b0\par`,
      'a.rtf',
      'application/rtf',
    );
    expect(markdownOf(short.document.root)).toBe('Hello **world**\n');
    const late = await readBytes(readRtf, '\r\n  {\\rtf1 late}', 'b.rtf', 'application/rtf');
    expect(markdownOf(late.document.root)).toBe('late\n');
    expect(late.warnings).toEqual([expect.stringMatching(/^rtf_header_missing: b\.rtf has white space/)]);
    await expect(
      extractBytes(plugin, 'c.rtf', 'application/rtf', Buffer.from('Just a note, no markup.')),
    ).rejects.toMatchObject({ code: 'corrupt_file' });
  });
});
