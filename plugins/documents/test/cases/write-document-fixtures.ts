import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { DOCUMENT_CASES, inputPathOf, type DocumentCase } from './document-cases.js';
import { runDeterministically } from './run-deterministically.js';

/**
 * The bytes of every case that has a writer (or of those named), exactly as
 * `fixtures/documents/generate.ts` writes them.
 */
export function renderDocumentFixtures(
  only: ReadonlySet<string> = new Set(),
): Promise<Map<DocumentCase, Buffer>> {
  return runDeterministically(async () => {
    const rendered = new Map<DocumentCase, Buffer>();
    for (const documentCase of DOCUMENT_CASES) {
      if (documentCase.write === undefined) continue;
      if (only.size > 0 && !only.has(documentCase.name)) continue;
      rendered.set(documentCase, await documentCase.write());
    }
    return rendered;
  });
}

/** Writes the inputs of the cases that have a writer (all, or those named) and says what it wrote. */
export async function writeDocumentFixtures(
  only: ReadonlySet<string> = new Set(),
): Promise<{ name: string; bytes: number }[]> {
  const written: { name: string; bytes: number }[] = [];
  for (const [documentCase, bytes] of await renderDocumentFixtures(only)) {
    const path = inputPathOf(documentCase);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, bytes);
    written.push({ name: documentCase.name, bytes: bytes.length });
  }
  return written;
}
