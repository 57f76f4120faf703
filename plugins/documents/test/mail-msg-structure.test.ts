import { describe, expect, it } from 'vitest';
import { readMsg } from '../src/mail/read-msg.js';
import { msgOf } from './support/msg-of.js';
import { readBytes } from './support/read-bytes.js';

const read = (bytes: Buffer) => readBytes(readMsg, bytes, 'cyclic.msg', 'application/vnd.ms-outlook');

/** A message with a recipient storage and an attachment storage beside the root's streams. */
const message = (): Buffer =>
  msgOf({
    messageClass: 'IPM.Note',
    subject: 'Loops',
    body: 'Round and round.',
    recipients: [{ name: 'Bob', smtpAddress: 'bob@example.com', type: 1 }],
    attachments: [{ fileName: 'a.txt', mimeTag: 'text/plain', content: Buffer.from('a') }],
  });

/** Where a compound file keeps its directory and its first FAT sector, from its header. */
function geometry(bytes: Buffer): { sectorSize: number; directory: number; fat: number; rootChild: number } {
  const sectorSize = 1 << bytes.readUInt16LE(0x1e);
  const directory = bytes.readUInt32LE(0x30);
  return {
    sectorSize,
    directory,
    fat: bytes.readUInt32LE(0x4c),
    // Entry 0, the root, is the first of the directory's first sector; its child field is at 76.
    rootChild: bytes.readUInt32LE((directory + 1) * sectorSize + 76),
  };
}

/** The offset of the directory entry named `name` (entries start with their UTF-16 name). */
function entryAt(bytes: Buffer, name: string): number {
  const at = bytes.indexOf(Buffer.from(`${name}\0`, 'utf16le'));
  if (at === -1 || at % 128 !== 0) throw new Error(`no directory entry ${name}`);
  return at;
}

const STORAGE = '__recip_version1.0_#00000000';
const CYCLE = {
  code: 'corrupt_file',
  message: expect.stringMatching(/^The Outlook message is corrupt: .*cycle\.$/),
};

describe('an .msg whose compound file runs in a cycle is corrupt_file, never a stack overflow', () => {
  it('refuses a storage whose child is the tree it sits in', async () => {
    const bytes = message();
    bytes.writeUInt32LE(geometry(bytes).rootChild, entryAt(bytes, STORAGE) + 76);
    await expect(read(bytes)).rejects.toMatchObject(CYCLE);
  });

  it('refuses a sibling link back into the same tree', async () => {
    const bytes = message();
    const at = entryAt(bytes, STORAGE);
    const { rootChild } = geometry(bytes);
    bytes.writeUInt32LE(rootChild, at + 68);
    bytes.writeUInt32LE(rootChild, at + 72);
    await expect(read(bytes)).rejects.toMatchObject(CYCLE);
  });

  it('refuses a directory sector chain that points back to itself', async () => {
    const bytes = message();
    const { sectorSize, directory, fat } = geometry(bytes);
    bytes.writeUInt32LE(directory, (fat + 1) * sectorSize + directory * 4);
    await expect(read(bytes)).rejects.toMatchObject(CYCLE);
  });
});
