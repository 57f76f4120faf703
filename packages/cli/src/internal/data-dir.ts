import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Creates the data directory when it is missing, private to this user (0700): it holds the
 * database, blobs and the generated secrets. An existing directory keeps its mode.
 */
export async function ensureDataDir(dataDir: string): Promise<void> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
}

/**
 * A secret kept in `<dataDir>/<name>`: generated (32 random bytes, base64url) into a new file of
 * mode 0600 on first use, read back afterwards, so every process sharing the data directory holds
 * the same one.
 */
export async function dataDirSecret(dataDir: string, name: string): Promise<string> {
  const file = join(dataDir, name);
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    await ensureDataDir(dataDir);
    const secret = randomBytes(32).toString('base64url');
    try {
      await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
      return secret;
    } catch {
      return (await readFile(file, 'utf8')).trim(); // another process wrote it first
    }
  }
}
