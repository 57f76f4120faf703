import { describe, expect, it } from 'vitest';
import { createTestContext } from '@transmute/plugin-sdk/testing';
import { createDocumentsSource } from '../src/index.js';
import { docxOf, p } from './support/docx-of.js';
import { writeTemp } from './support/read-document.js';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

async function docxFile(): Promise<{ name: string; mediaType: string; sizeBytes: number; path: string }> {
  const bytes = await docxOf({ body: p('A paragraph the worker never gets to finish.') });
  return {
    name: 'slow.docx',
    mediaType: DOCX,
    sizeBytes: bytes.length,
    path: await writeTemp('slow.docx', bytes),
  };
}

describe('the parsing worker', () => {
  it('is stopped past parse_timeout_seconds, failing with timeout', async () => {
    // A thousandth of a second: less than a thread takes to start, or a warm one to read the file.
    const plugin = createDocumentsSource({ limits: { parse_timeout_seconds: 0.001 } });
    const ctx = createTestContext({ limits: { ...plugin.manifest.limits } });
    await expect(plugin.extract(await docxFile(), ctx)).rejects.toMatchObject({ code: 'timeout' });
  });

  it('is stopped when the conversion is canceled, failing with job_canceled', async () => {
    const plugin = createDocumentsSource();
    const controller = new AbortController();
    const ctx = createTestContext({ limits: { ...plugin.manifest.limits }, signal: controller.signal });
    const extraction = plugin.extract(await docxFile(), ctx);
    controller.abort();
    await expect(extraction).rejects.toMatchObject({ code: 'job_canceled' });
  });

  it('refuses unknown or non-positive limits when the adapter is created', () => {
    expect(() => createDocumentsSource({ limits: { maximum_pages: 3 } })).toThrow(/unknown limit/);
    expect(() => createDocumentsSource({ limits: { parse_timeout_seconds: 0 } })).toThrow(/must be > 0/);
  });
});
