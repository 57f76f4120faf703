import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** The language data a native tesseract binary finds on its own (Debian: `tesseract-ocr-<lang>`). */
export interface SystemTessdata {
  folder: string;
  /** Tesseract codes (`eng`, `fra`, `osd`…), as `tesseract --list-langs` prints them. */
  languages: string[];
}

/** What `tesseract --list-langs` reports, or undefined when it cannot say. */
export function findSystemTessdata(binary: string): SystemTessdata | undefined {
  const result = spawnSync(binary, ['--list-langs'], { encoding: 'utf8', timeout: 10_000 });
  if (result.status !== 0) return undefined;
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  const folder = /available languages in "([^"]+)"/i.exec(output)?.[1];
  if (folder === undefined) return undefined;
  const languages = output
    .split('\n')
    .slice(1)
    .map((line) => line.trim())
    .filter((line) => /^[A-Za-z_]+$/.test(line) && existsSync(join(folder, `${line}.traineddata`)));
  return { folder, languages };
}

/** The orientation and script detection data (`osd.traineddata`) of the binary, when installed. */
export function findOrientationData(binary: string): string | undefined {
  const tessdata = findSystemTessdata(binary);
  return tessdata?.languages.includes('osd') === true ? join(tessdata.folder, 'osd.traineddata') : undefined;
}
