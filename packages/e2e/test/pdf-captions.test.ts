import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEngine } from '@transmute/engine';
import { createDatasetRenderer } from '@transmute/plugin-dataset';
import { createOcrSource } from '@transmute/plugin-ocr';

const report = join(import.meta.dirname, '..', '..', '..', '..', 'shared', 'corpora', 'tables', 'foo.pdf');

describe.runIf(existsSync(report))('a PDF table’s caption in raw_source (issue 25)', () => {
  const engine = createEngine({ plugins: [createOcrSource({ ocr: false }), createDatasetRenderer()] });
  afterAll(() => engine.close());

  it('writes the caption right before its table, and marks its blocks.jsonl record with caption_of (foo.pdf)', async () => {
    const { document } = await engine.prepare({
      type: 'files',
      files: [
        { name: 'foo.pdf', mediaType: 'application/pdf', sizeBytes: statSync(report).size, path: report },
      ],
    });
    const render = async (format: 'markdown' | 'jsonl'): Promise<string> => {
      const result = await engine.render(document, {
        profile: 'raw_source',
        format,
        language: 'en',
        includeRawSource: false,
      });
      const path = result.artifacts[0]?.path;
      if (path === undefined) throw new Error(`no ${format} artifact`);
      return readFileSync(path, 'utf8');
    };
    const records = (await render('jsonl'))
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const at = records.findIndex((record) => record.caption !== undefined);
    const caption = records[at];
    const table = records[at + 1];
    expect(caption).toMatchObject({
      type: 'paragraph',
      text: 'Table 2-1. Simulated fuel savings from isolated cycle improvements',
      caption: 'table',
    });
    expect(table?.type).toBe('table');
    expect(caption?.caption_of).toBe(table?.index);
    // Only the caption is marked: the sentence naming the table is body text.
    expect(records.filter((record) => record.caption !== undefined)).toHaveLength(1);
    const markdown = await render('markdown');
    expect(markdown).toMatch(
      /Table 2-1\. Simulated fuel savings from isolated cycle improvements\n\n<table>/,
    );
  });
});
