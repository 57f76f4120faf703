import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import CFB from 'cfb';
import { afterAll, describe, expect, it } from 'vitest';
import { checkLegacyEncryption } from '../src/legacy/legacy-encryption.js';
import { LEGACY_FORMATS } from '../src/legacy/legacy-formats.js';

const folder = await mkdtemp(join(tmpdir(), 'legacy-cfb-'));
afterAll(() => rm(folder, { recursive: true, force: true }));
const DOC = LEGACY_FORMATS['application/msword'];

/** A .doc-shaped compound file: a WordDocument stream (all zero: not encrypted) and a Macros storage holding a stream. */
function compoundDoc(): Buffer {
  const container = CFB.utils.cfb_new();
  CFB.utils.cfb_add(container, 'WordDocument', Buffer.alloc(4096));
  CFB.utils.cfb_add(container, 'Macros/PROJECT', Buffer.from('ID="{0}"'));
  return Buffer.from(CFB.write(container, { type: 'buffer' }) as Uint8Array);
}

async function check(bytes: Buffer): Promise<void> {
  const path = join(folder, `${String(Math.random()).slice(2)}.doc`);
  await writeFile(path, bytes);
  if (DOC === undefined) throw new Error('no .doc format');
  await checkLegacyEncryption({ path, name: 'loop.doc' }, DOC);
}

/** The offset of the directory entry named `name` (entries start with their UTF-16 name). */
function entryAt(bytes: Buffer, name: string): number {
  const at = bytes.indexOf(Buffer.from(`${name}\0`, 'utf16le'));
  if (at === -1 || at % 128 !== 0) throw new Error(`no directory entry ${name}`);
  return at;
}

const CYCLE = {
  code: 'corrupt_file',
  message: expect.stringMatching(/^loop\.doc \(Word 97–2003 \.doc\) is corrupt: .*cycle\.$/),
};

describe('a legacy Office file whose compound file runs in a cycle is corrupt_file, never a hang', () => {
  it('passes a well-formed compound file', async () => {
    await expect(check(compoundDoc())).resolves.toBeUndefined();
  });

  it('refuses a storage whose child is the tree it sits in', async () => {
    const bytes = compoundDoc();
    const sectorSize = 1 << bytes.readUInt16LE(0x1e);
    const rootChild = bytes.readUInt32LE((bytes.readUInt32LE(0x30) + 1) * sectorSize + 76);
    bytes.writeUInt32LE(rootChild, entryAt(bytes, 'Macros') + 76);
    await expect(check(bytes)).rejects.toMatchObject(CYCLE);
  });

  it('refuses a directory sector chain that points back to itself', async () => {
    const bytes = compoundDoc();
    const sectorSize = 1 << bytes.readUInt16LE(0x1e);
    const directory = bytes.readUInt32LE(0x30);
    const fat = bytes.readUInt32LE(0x4c);
    bytes.writeUInt32LE(directory, (fat + 1) * sectorSize + directory * 4);
    await expect(check(bytes)).rejects.toMatchObject(CYCLE);
  });
});
