import { execFileSync } from 'node:child_process';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import type { SourceFile } from '@transmute/plugin-sdk';

/** The repository's media fixtures (made by fixtures/media/generate.sh). */
export const MEDIA = resolve(import.meta.dirname, '../../../fixtures/media');

/** A SourceFile for a fixture. */
export function fixtureFile(name: string, mediaType: string): SourceFile {
  const path = join(MEDIA, name);
  return {
    fileId: 'file_mediafixture01',
    name: basename(path),
    mediaType,
    sizeBytes: statSync(path).size,
    path,
  };
}

/** Five hours of silence, made by stream-copying one encoded minute (seconds, not minutes, to make). */
export function makeFiveHourFile(): SourceFile {
  const dir = mkdtempSync(join(tmpdir(), 'transmute-long-'));
  const minute = join(dir, 'minute.ogg');
  const long = join(dir, 'five-hours.ogg');
  const ff = (args: string[]) => execFileSync('ffmpeg', ['-nostdin', '-v', 'error', '-y', ...args]);
  ff(['-f', 'lavfi', '-i', 'anullsrc=r=8000:cl=mono', '-t', '60', '-c:a', 'libopus', '-b:a', '6k', minute]);
  ff(['-stream_loop', '299', '-i', minute, '-c', 'copy', long]);
  return { name: 'five-hours.ogg', mediaType: 'audio/ogg', sizeBytes: statSync(long).size, path: long };
}

/** Share of expected words found in a transcript. */
export function recall(transcript: string, expected: string): number {
  const heard = new Set(transcript.toLowerCase().match(/[a-z']+/g) ?? []);
  const words = expected.toLowerCase().match(/[a-z']+/g) ?? [];
  return words.filter((w) => heard.has(w)).length / Math.max(1, words.length);
}
