import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** LibreOffice's export filters of the legacy binary formats, by the extension they write. */
const FILTERS = { doc: 'MS Word 97', xls: 'MS Excel 97', ppt: 'MS PowerPoint 97' } as const;

/**
 * An OOXML file written by the writer libraries, saved by the installed LibreOffice as its legacy
 * binary format (`toLegacyOffice(docx, 'docx', 'doc')`): the .doc/.xls/.ppt fixtures are made at test time.
 */
export async function toLegacyOffice(
  bytes: Buffer,
  from: 'docx' | 'xlsx' | 'pptx',
  to: keyof typeof FILTERS,
): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'e2e-legacy-'));
  try {
    await writeFile(join(dir, `fixture.${from}`), bytes);
    await run(
      'soffice',
      [
        `-env:UserInstallation=${pathToFileURL(join(dir, 'profile')).href}`,
        '--headless',
        '--norestore',
        '--convert-to',
        `${to}:${FILTERS[to]}`,
        '--outdir',
        dir,
        join(dir, `fixture.${from}`),
      ],
      { env: { ...process.env, HOME: dir }, timeout: 60_000 },
    );
    return await readFile(join(dir, `fixture.${to}`));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
