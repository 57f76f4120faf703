import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { expect } from 'vitest';
import { poll, type Api } from '../../blackbox/support/http.js';
import { ROOT } from '../../blackbox/support/service.js';

/** Pages of the generated long PDF (the `batch` orchestrator splits such a PDF into page tasks). */
export const LONG_PDF_PAGES = 64;

/** A text-layer PDF of {@link LONG_PDF_PAGES} pages, 20 numbered lines a page, made with pdf-lib. */
export async function longPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let number = 1; number <= LONG_PDF_PAGES; number += 1) {
    const page = doc.addPage([612, 792]);
    for (let line = 0; line < 20; line += 1)
      page.drawText(`Page ${String(number)} line ${String(line)}: a long report read while workers die.`, {
        x: 50,
        y: 740 - line * 18,
        size: 11,
        font,
      });
  }
  return Buffer.from(await doc.save());
}

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/** Intent → PUT with the upload headers → complete → `ready`; returns the file id. */
export async function uploadReady(
  client: Api,
  name: string,
  mediaType: string,
  bytes: Buffer,
): Promise<string> {
  const intent = await client.post('/v1/upload-intents', {
    name,
    media_type: mediaType,
    size_bytes: bytes.length,
    sha256: sha256(bytes),
  });
  expect(intent.status, intent.text).toBe(201);
  // A storage service may answer 500 "Please try again" (s3rver does under load): clients retry it.
  let put: Response;
  for (let attempt = 1; ; attempt += 1) {
    put = await fetch(intent.body.upload_url as string, {
      method: 'PUT',
      headers: intent.body.upload_headers as Record<string, string>,
      body: new Uint8Array(bytes),
    });
    if (put.status < 500 || attempt === 3) break;
    await put.arrayBuffer();
  }
  expect(put.status, await put.text()).toBeLessThan(300);
  const fileId = intent.body.file_id as string;
  const complete = await client.post(`/v1/files/${fileId}/complete`, {
    size_bytes: bytes.length,
    sha256: sha256(bytes),
  });
  expect(complete.status, complete.text).toBe(202);
  const settled = await poll(
    () => client.get(`/v1/files/${fileId}`),
    (reply) => reply.status === 200 && reply.body.status !== 'validating' && reply.body.status !== 'uploaded',
    120_000,
  );
  expect(settled.body.status, settled.text).toBe('ready');
  return fileId;
}

/** A createJob body. */
export type JobRequest = Record<string, unknown>;

const fixture = (path: string): Buffer => readFileSync(join(ROOT, 'fixtures', path));

/**
 * Uploads the files and returns `total` createJob bodies: the long PDF, two HTML files, a short
 * PDF, two multi-file `files` jobs (HTML + PDF + markdown), the rest small text jobs.
 */
export async function mixedJobs(client: Api, total: number): Promise<JobRequest[]> {
  const [news, blog, shortPdf, longPdfId, notes] = await Promise.all([
    uploadReady(client, 'news.html', 'text/html', fixture('webpage/news-article/input.html')),
    uploadReady(client, 'blog.html', 'text/html', fixture('webpage/blog-post/input.html')),
    uploadReady(client, 'two-column.pdf', 'application/pdf', fixture('ocr/two-column.pdf')),
    uploadReady(client, 'long-report.pdf', 'application/pdf', await longPdf()),
    uploadReady(
      client,
      'notes.md',
      'text/markdown',
      Buffer.from('# Notes\n\nA markdown file of a multi-file job.\n'),
    ),
  ]);
  const files = (ids: string[], profile = 'source_summary'): JobRequest => ({
    source: { type: 'files', file_ids: ids },
    output: { profile },
  });
  const fileJobs: JobRequest[] = [
    files([longPdfId]),
    files([news]),
    files([blog], 'agent_context'),
    files([shortPdf]),
    files([news, shortPdf, notes]),
    files([blog, notes, shortPdf], 'agent_context'),
  ];
  // The file jobs spread through the queue (the long PDF first, it runs longest), the rest small
  // text jobs over several profiles.
  const every = Math.floor(total / fileJobs.length);
  const profiles = ['raw_source', 'source_summary', 'agent_context'];
  const requests: JobRequest[] = [];
  for (let index = 0; index < total; index += 1)
    requests.push(
      (index % every === 0 ? fileJobs[index / every] : undefined) ?? {
        source: {
          type: 'text',
          title: `Note ${String(index)}`,
          content: `# Note ${String(index)}\n\nA small text job, number ${String(index)}, converted while workers are killed.\n`,
        },
        output: { profile: profiles[index % profiles.length] },
      },
    );
  return requests;
}
