import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** LibreOffice's export filters for the legacy binary formats, by the extension they write. */
const LEGACY_FILTERS = {
  doc: 'MS Word 97',
  xls: 'MS Excel 97',
  ppt: 'MS PowerPoint 97',
} as const;

/**
 * Converts an OOXML file (written with the writer libraries) to its legacy binary format with the
 * installed LibreOffice, as a fixture made at test time: `legacyOf(docx, 'docx', 'doc')`. Runs
 * soffice directly (its own profile), not through the plugin's conversion code under test.
 */
export async function legacyOf(
  bytes: Buffer,
  from: 'docx' | 'xlsx' | 'pptx',
  to: keyof typeof LEGACY_FILTERS,
): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'legacy-fixture-'));
  try {
    const input = join(dir, `fixture.${from}`);
    await writeFile(input, bytes);
    await run(
      'soffice',
      [
        `-env:UserInstallation=${pathToFileURL(join(dir, 'profile')).href}`,
        '--headless',
        '--norestore',
        '--convert-to',
        `${to}:${LEGACY_FILTERS[to]}`,
        '--outdir',
        dir,
        input,
      ],
      { env: { ...process.env, HOME: dir }, timeout: 60_000 },
    );
    return await readFile(join(dir, `fixture.${to}`));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
