import { readFileHead, TransmuteError } from '@transmute/plugin-sdk';
import { startsAsRtf } from '../word/rtf-tokens.js';
import { RTF_BODY_SAMPLE_BYTES, rtfStartOf } from '../word/rtf-without-header.js';
import { openPackage } from './open-package.js';
import { packageLimitsOf } from './package-limits.js';
import { refuseDtd } from './refuse-dtd.js';
import { OLE_MAGIC, refuseCompoundFile } from './refuse-encrypted.js';

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

function startsWith(head: Uint8Array, magic: Uint8Array): boolean {
  return magic.every((byte, index) => head[index] === byte);
}

/** Whether a media type is an Office Open XML package (docx, docm, xlsx, xlsm, pptx, pptm). */
function isOoxml(mediaType: string): boolean {
  return mediaType.includes('openxmlformats-officedocument') || /macroenabled\.12$/.test(mediaType);
}

/**
 * The container checks every document gets before it is parsed (at upload validation and before
 * extraction): an OOXML file that is an OLE compound file holding `EncryptedPackage` is
 * `encrypted_document`; an OOXML file that is not a zip, or an RTF file that neither starts with
 * `{\rtf` nor is RTF body text (see `rtfStartOf`), is `corrupt_file`; a zip package is opened
 * (central directory, bomb limits), an OOXML one must have `[Content_Types].xml`, and a DTD its
 * readers would refuse is `archive_unsafe` (`refuseDtd`). Returns the number of parts of a zip
 * package.
 */
export async function checkContainer(
  file: { path: string; name: string; mediaType: string; sizeBytes: number },
  head: Uint8Array,
  limits: Readonly<Record<string, number>>,
): Promise<{ parts?: number }> {
  if (startsWith(head, OLE_MAGIC)) {
    if (!isOoxml(file.mediaType)) return {};
    return refuseCompoundFile(file);
  }
  if (!startsWith(head, ZIP_MAGIC)) {
    if (isOoxml(file.mediaType))
      throw new TransmuteError(
        'corrupt_file',
        `${file.name} is not a zip package, as ${file.mediaType} must be.`,
      );
    if (
      file.mediaType.endsWith('/rtf') &&
      !startsAsRtf(head) &&
      rtfStartOf(await readFileHead(file.path, RTF_BODY_SAMPLE_BYTES)) === undefined
    )
      throw new TransmuteError(
        'corrupt_file',
        `${file.name} is not an RTF document: it does not start with {\\rtf and has no RTF control words.`,
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
    await refuseDtd(pkg, file.mediaType);
    return { parts: pkg.names.length };
  } finally {
    pkg.close();
  }
}
