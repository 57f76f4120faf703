import { readFileSync } from 'node:fs';
import { readFile as read } from 'node:fs/promises';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../src/index.js';
import { MARKDOWN, createTestRenderer, fixturePath, toSourceFile } from './helpers.js';

/** One entry of fixtures/text/encodings/cases.json: a file, its encoding and its exact text. */
interface EncodingCase {
  file: string;
  mediaType: string;
  encoding: string;
  guessed: boolean;
  text: string;
}

const cases = JSON.parse(readFileSync(fixturePath('encodings/cases.json'), 'utf8')) as EncodingCase[];
const engine = createEngine({ plugins: [createTestRenderer()] });

/** The words of a text (what any rendering must carry intact, whatever its layout). */
const wordsOf = (text: string): string[] => text.split(/[\s,]+/u).filter((word) => word !== '');

describe('text in any encoding, end to end', () => {
  it.each(cases)('$file ($encoding) renders as markdown and JSONL without mojibake', async (textCase) => {
    const file = await toSourceFile(fixturePath(`encodings/${textCase.file}`), textCase.mediaType);
    const prepared = await engine.prepare({ type: 'files', files: [file] });
    const guessed = prepared.warnings.filter((warning) => warning.startsWith('encoding_guessed:'));
    expect(guessed).toEqual(
      textCase.guessed ? [expect.stringContaining(`decoded as ${textCase.encoding} (confidence`)] : [],
    );
    expect(prepared.warnings.filter((warning) => warning.startsWith('encoding_replaced'))).toEqual([]);
    for (const format of ['markdown', 'jsonl'] as const) {
      const { artifacts } = await engine.render(prepared.document, { ...MARKDOWN, format });
      const output = await read(artifacts[0]?.path ?? '', 'utf8');
      expect(output).not.toContain('\ufffd');
      for (const word of wordsOf(textCase.text)) expect(output).toContain(word);
    }
  });

  it('decodes a fetched CSV by its Content-Type charset, or guesses it with a warning', async () => {
    const [shiftJis] = cases;
    if (shiftJis === undefined) throw new Error('no case');
    const bytes = readFileSync(fixturePath(`encodings/${shiftJis.file}`));
    const server = createServer((request, response) => {
      const declared = request.url === '/declared.csv';
      response.writeHead(200, { 'content-type': declared ? 'text/csv; charset=Shift_JIS' : 'text/csv' });
      response.end(bytes);
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const local = createEngine({ allowPrivateNetworks: true });
    try {
      for (const path of ['declared.csv', 'undeclared.csv']) {
        const prepared = await local.prepare({ type: 'url', url: `http://127.0.0.1:${port}/${path}` });
        const table = prepared.document.root.children.find((node) => node.type === 'table');
        expect(table?.data?.table?.columns).toEqual([
          '商品コード',
          '商品名',
          '産地',
          '価格（円）',
          '在庫数',
          '備考',
        ]);
        expect(table?.data?.table?.rows[1]).toEqual(['A-002', 'みかん', '愛媛県', 198, 340, '冬の定番']);
        expect(prepared.warnings.some((warning) => warning.startsWith('encoding_guessed:'))).toBe(
          path === 'undeclared.csv',
        );
      }
    } finally {
      server.close();
    }
  });
});
