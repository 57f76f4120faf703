import { open } from 'node:fs/promises';
import { TransmuteError } from '@transmute/plugin-sdk';
import { startsAsRtf } from '../word/rtf-tokens.js';
import { openPackage } from './open-package.js';
import { packageLimitsOf } from './package-limits.js';

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/** The stream an encrypted OOXML package is stored in inside its OLE compound file. */
const ENCRYPTED_STREAM = Buffer.from('EncryptedPackage', 'utf16le');
/** An OLE directory is small and near the file's start or end; more than this is not scanned. */
const OLE_SCAN_BYTES = 64 * 1024 * 1024;

function startsWith(head: Uint8Array, magic: number[]): boolean {
  return magic.every((byte, index) => head[index] === byte);
}

/** Whether a media type is an Office Open XML package (docx, docm, xlsx, xlsm, pptx, pptm). */
function isOoxml(mediaType: string): boolean {
  return mediaType.includes('openxmlformats-officedocument') || /macroenabled\.12$/.test(mediaType);
}

async function readAll(path: string, limit: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const buffer = Buffer.alloc(Math.min(size, limit));
    await handle.read(buffer, 0, buffer.length, 0);
    return buffer;
  } finally {
    await handle.close();
  }
}

/**
 * The container checks every document gets before it is parsed (at upload validation and before
 * extraction): an OOXML file that is an OLE compound file holding `EncryptedPackage` is
 * `encrypted_document`; an OOXML file that is not a zip, or an RTF file that does not start with
 * `{\rtf`, is `corrupt_file`; a zip package is opened
 * (central directory, bomb limits) and an OOXML one must have `[Content_Types].xml`. Returns the
 * number of parts of a zip package.
 */
export async function checkContainer(
  file: { path: string; name: string; mediaType: string; sizeBytes: number },
  head: Uint8Array,
  limits: Readonly<Record<string, number>>,
): Promise<{ parts?: number }> {
  if (startsWith(head, OLE_MAGIC)) {
    if (!isOoxml(file.mediaType)) return {};
    if ((await readAll(file.path, OLE_SCAN_BYTES)).includes(ENCRYPTED_STREAM))
      throw new TransmuteError('encrypted_document', `${file.name} is encrypted (password protected).`);
    throw new TransmuteError(
      'corrupt_file',
      `${file.name} is an OLE compound file, not an Office Open XML package.`,
    );
  }
  if (!startsWith(head, ZIP_MAGIC)) {
    if (isOoxml(file.mediaType))
      throw new TransmuteError(
        'corrupt_file',
        `${file.name} is not a zip package, as ${file.mediaType} must be.`,
      );
    if (file.mediaType.endsWith('/rtf') && !startsAsRtf(head))
      throw new TransmuteError(
        'corrupt_file',
        `${file.name} is not an RTF document: it does not start with {\\rtf.`,
      );
    return {};
  }
  const pkg = await openPackage(file.path, file.sizeBytes, packageLimitsOf(limits));
  try {
    if (isOoxml(file.mediaType) && !pkg.has('[Content_Types].xml'))
      throw new TransmuteError(
        'corrupt_file',
        `${file.name} has no [Content_Types].xml: it is not an Office document.`,
      );
    return { parts: pkg.names.length };
  } finally {
    pkg.close();
  }
}
