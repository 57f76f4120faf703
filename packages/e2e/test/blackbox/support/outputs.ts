import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import { validateResource } from '@transmute/contract';
import { REQUEST_ID, type Api } from './http.js';

/** One manifest file entry. */
export interface ManifestFile {
  file_id: string;
  name: string;
  media_type: string;
  size_bytes: number;
  sha256: string;
  expires_at: string | null;
  download_url: string;
}

/** Downloads an artifact (no credential: the URL is signed) and checks its headers against the manifest. */
export async function download(file: ManifestFile): Promise<Buffer> {
  const response = await fetch(file.download_url);
  const body = Buffer.from(await response.arrayBuffer());
  const where = `${file.name} ${file.download_url}`;
  expect(response.status, where).toBe(200);
  expect(response.headers.get('request-id'), where).toMatch(REQUEST_ID);
  expect(response.headers.get('content-length'), where).toBe(String(file.size_bytes));
  expect(response.headers.get('content-type') ?? '', where).toContain(file.media_type.split(';')[0] ?? '');
  expect(response.headers.get('etag') ?? '', where).toContain(file.sha256);
  expect(body.length, where).toBe(file.size_bytes);
  expect(createHash('sha256').update(body).digest('hex'), where).toBe(file.sha256);
  return body;
}

/** Reads every page of an output's content with `limit` characters per page; returns the pages. */
export async function readAllPages(
  client: Api,
  outputId: string,
  limit?: number,
): Promise<{ pages: { data: string; media_type: string; format: string }[]; text: string }> {
  const pages: { data: string; media_type: string; format: string }[] = [];
  const seen = new Set<string>();
  let cursor: string | null = null;
  for (let i = 0; i < 10_000; i++) {
    const query = new URLSearchParams();
    if (limit !== undefined) query.set('limit', String(limit));
    if (cursor !== null) query.set('cursor', cursor);
    const qs = query.toString();
    const reply = await client.get(`/v1/outputs/${outputId}/content${qs === '' ? '' : `?${qs}`}`);
    expect(reply.status, reply.text.slice(0, 300)).toBe(200);
    expect(reply.headers.get('request-id')).toMatch(REQUEST_ID);
    expect(validateResource('OutputContentPage', reply.body), reply.text.slice(0, 300)).toEqual([]);
    expect(reply.body.output_id).toBe(outputId);
    const page = reply.body.page as { next_cursor: string | null; has_more: boolean };
    expect(page.has_more).toBe(page.next_cursor !== null);
    pages.push(reply.body as { data: string; media_type: string; format: string });
    if (page.next_cursor === null) break;
    expect(seen.has(page.next_cursor)).toBe(false);
    seen.add(page.next_cursor);
    cursor = page.next_cursor;
  }
  return { pages, text: pages.map((p) => p.data).join('') };
}
