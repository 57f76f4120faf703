import { readFile } from 'node:fs/promises';
import CFB from 'cfb';
import { TransmuteError } from '@transmute/plugin-sdk';
import { checkCompoundFile } from '../internal/check-compound-file.js';
import type { LegacyFormat } from './legacy-formats.js';

const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** [MS-DOC] FibBase: the flags word at offset 0x0A; bit 0x0100 is fEncrypted (XOR or RC4 protected). */
const FIB_FLAGS_OFFSET = 0x0a;
const FIB_ENCRYPTED = 0x0100;
/** [MS-XLS] record types: FILEPASS marks an encrypted workbook; it follows the globals' BOF closely. */
const XLS_FILEPASS = 0x002f;
const XLS_EOF = 0x000a;
/** FILEPASS comes among the workbook globals' first records; scanning further is pointless. */
const XLS_RECORDS_SCANNED = 64;

type Container = ReturnType<typeof CFB.read>;

function stream(container: Container, name: string): Buffer | undefined {
  const entry = CFB.find(container, name);
  return entry === null ? undefined : Buffer.from(entry.content);
}

function isEncryptedDoc(container: Container): boolean {
  const wordDocument = stream(container, 'WordDocument');
  if (wordDocument === undefined || wordDocument.length < FIB_FLAGS_OFFSET + 2) return false;
  return (wordDocument.readUInt16LE(FIB_FLAGS_OFFSET) & FIB_ENCRYPTED) !== 0;
}

function isEncryptedXls(container: Container): boolean {
  const workbook = stream(container, 'Workbook') ?? stream(container, 'Book');
  if (workbook === undefined) return false;
  let offset = 0;
  for (let record = 0; record < XLS_RECORDS_SCANNED && offset + 4 <= workbook.length; record++) {
    const type = workbook.readUInt16LE(offset);
    if (type === XLS_FILEPASS) return true;
    if (type === XLS_EOF) return false;
    offset += 4 + workbook.readUInt16LE(offset + 2);
  }
  return false;
}

/** [MS-PPT]: an encrypted presentation keeps its summary in `EncryptedSummary`. */
function isEncryptedPpt(container: Container): boolean {
  return CFB.find(container, 'EncryptedSummary') !== null;
}

const DETECTORS: Record<LegacyFormat['extension'], (container: Container) => boolean> = {
  doc: isEncryptedDoc,
  xls: isEncryptedXls,
  ppt: isEncryptedPpt,
};

/**
 * Throws `encrypted_document` for a password-protected legacy file: a .doc whose FIB sets
 * fEncrypted, an .xls whose workbook globals hold FILEPASS, a .ppt with an `EncryptedSummary`
 * stream. A file that is not an OLE compound file (a .doc that is really RTF or HTML, as many are)
 * or whose directory does not parse is left to LibreOffice, which reads or refuses it; one whose
 * structure loops or points outside the file is `corrupt_file` first (`checkCompoundFile`), since
 * `cfb` would follow it forever or overflow its stack.
 */
export async function checkLegacyEncryption(
  file: { path: string; name: string },
  format: LegacyFormat,
): Promise<void> {
  const bytes = await readFile(file.path);
  if (!bytes.subarray(0, OLE_MAGIC.length).equals(OLE_MAGIC)) return;
  checkCompoundFile(bytes, `${file.name} (${format.name})`);
  let container: Container;
  try {
    container = CFB.read(bytes, { type: 'buffer' });
  } catch {
    return;
  }
  if (DETECTORS[format.extension](container))
    throw new TransmuteError(
      'encrypted_document',
      `${file.name} is a password-protected ${format.name} file; remove the password and upload it again.`,
    );
}
