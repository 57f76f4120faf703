import { closeSync, openSync, readSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { TransmuteError } from '@transmute/plugin-sdk';
import type { OfficePackage } from './open-package.js';
import { descendants } from './parse-xml.js';

/** The first bytes of an OLE compound file: what an encrypted OOXML package is wrapped in (MS-OFFCRYPTO). */
export const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** The stream an encrypted OOXML package is stored in inside its OLE compound file. */
const ENCRYPTED_STREAM = Buffer.from('EncryptedPackage', 'utf16le');
/** An OLE directory is small and near the file's start or end; more than this is not scanned. */
const OLE_SCAN_BYTES = 64 * 1024 * 1024;
const ODF_MANIFEST = 'META-INF/manifest.xml';

async function readHead(path: string, limit: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const buffer = Buffer.alloc(Math.min(size, limit));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Judges an OOXML file (docx, xlsx, pptx, …) that is an OLE compound file, which a zip package
 * never is: holding an `EncryptedPackage` stream it is `encrypted_document` (password protected),
 * else `corrupt_file`. Always throws.
 */
export async function refuseCompoundFile(file: { path: string; name: string }): Promise<never> {
  if ((await readHead(file.path, OLE_SCAN_BYTES)).includes(ENCRYPTED_STREAM))
    throw new TransmuteError('encrypted_document', `${file.name} is encrypted (password protected).`);
  throw new TransmuteError(
    'corrupt_file',
    `${file.name} is an OLE compound file, not an Office Open XML package.`,
  );
}

/** The file's first bytes, read synchronously: a reader runs on its parsing thread, which nothing else waits on. */
function readMagic(path: string): Buffer {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(OLE_MAGIC.length);
    return buffer.subarray(0, readSync(fd, buffer, 0, buffer.length, 0));
  } finally {
    closeSync(fd);
  }
}

/** For an OOXML reader: refuses the file (see refuseCompoundFile) when it is an OLE compound file. */
export async function refuseEncryptedOoxml(file: { path: string; name: string }): Promise<void> {
  if (readMagic(file.path).equals(OLE_MAGIC)) await refuseCompoundFile(file);
}

/**
 * For an OpenDocument reader (odt, ods, odp): a package whose `META-INF/manifest.xml` declares
 * `manifest:encryption-data` is password protected, `encrypted_document`.
 */
export async function refuseEncryptedOdf(pkg: OfficePackage, name: string): Promise<void> {
  if (!pkg.has(ODF_MANIFEST)) return;
  const manifest = await pkg.readXml(ODF_MANIFEST);
  if (descendants(manifest, 'manifest:encryption-data').length > 0)
    throw new TransmuteError('encrypted_document', `${name} is encrypted (password protected).`);
}
