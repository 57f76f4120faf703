import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { SourceFile } from '../../src/index.js';

/** The repository's media fixtures (made by fixtures/media/generate.sh). */
export const MEDIA = resolve(import.meta.dirname, '../../../../fixtures/media');

/** A SourceFile for a media fixture. */
export function fixtureFile(name: string, mediaType: string): SourceFile {
  const path = join(MEDIA, name);
  return { fileId: 'file_mediafixture01', name, mediaType, sizeBytes: statSync(path).size, path };
}
