import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { DOCUMENT_CASES, inputPathOf } from './document-cases.js';
import { runDeterministically } from './run-deterministically.js';

/** Every written case's bytes, by case name, exactly as `fixtures/documents/generate.ts` writes them. */
export function renderDocumentFixtures(only: ReadonlySet<string> = new Set()): Promise<Map<string, Buffer>> {
  return runDeterministically(async () => {
    const rendered = new Map<string, Buffer>();
    for (const documentCase of DOCUMENT_CASES) {
      if (documentCase.write === undefined) continue;
      if (only.size > 0 && !only.has(documentCase.name)) continue;
      rendered.set(documentCase.name, await documentCase.write());
    }
    return rendered;
  });
}

/** Writes the inputs of the cases that have a writer (all, or those named) and says what it wrote. */
export async function writeDocumentFixtures(
  only: ReadonlySet<string> = new Set(),
): Promise<{ name: string; bytes: number }[]> {
  const written: { name: string; bytes: number }[] = [];
  for (const [name, bytes] of await renderDocumentFixtures(only)) {
    const documentCase = DOCUMENT_CASES.find((candidate) => candidate.name === name);
    if (documentCase === undefined) continue;
    const path = inputPathOf(documentCase);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, bytes);
    written.push({ name, bytes: bytes.length });
  }
  return written;
}
