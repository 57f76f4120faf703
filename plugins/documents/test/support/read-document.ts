import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import type { ExtractedDocument, SourceAdapter } from '@transmute/plugin-sdk';
import { createTestContext } from '@transmute/plugin-sdk/testing';

const stringifier = unified()
  .use(remarkGfm)
  .use(remarkStringify, { bullet: '-', emphasis: '_', rule: '-' })
  .freeze();

/** The document as CommonMark + GFM, as the engine's markdown renders it. */
export function toMarkdown(root: Root): string {
  return stringifier.stringify(root);
}

/** Writes bytes to a temporary file and returns its path. */
export async function writeTemp(name: string, bytes: Buffer): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'documents-test-'));
  const path = join(dir, name);
  await writeFile(path, bytes);
  return path;
}

/** Extracts bytes through the plugin (its worker included). */
export async function extractBytes(
  plugin: SourceAdapter,
  name: string,
  mediaType: string,
  bytes: Buffer,
): Promise<ExtractedDocument> {
  const path = await writeTemp(name, bytes);
  return plugin.extract(
    { name, mediaType, sizeBytes: bytes.length, path },
    createTestContext({ limits: { ...plugin.manifest.limits } }),
  );
}
