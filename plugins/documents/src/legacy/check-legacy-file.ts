import { TransmuteError } from '@transmute/plugin-sdk';
import { checkLegacyEncryption } from './legacy-encryption.js';
import type { LegacyFormat } from './legacy-formats.js';

/**
 * The validation of a legacy Office file: without LibreOffice it is `unsupported_content` with a
 * reason naming the fix (install LibreOffice, or convert the file to its OOXML successor); with
 * it, a password-protected file is `encrypted_document` before soffice is ever started.
 */
export async function checkLegacyFile(
  file: { path: string; name: string },
  format: LegacyFormat,
  soffice: string | undefined,
): Promise<void> {
  if (soffice === undefined)
    throw new TransmuteError(
      'unsupported_content',
      `${format.name} needs LibreOffice (soffice) installed on the server; convert ${file.name} to .${format.target} and upload that instead.`,
    );
  await checkLegacyEncryption(file, format);
}
