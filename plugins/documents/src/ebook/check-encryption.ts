import { TransmuteError } from '@transmute/plugin-sdk';
import type { OfficePackage } from '../internal/open-package.js';
import { descendantsNamed } from './xml-by-local-name.js';

const ENCRYPTION_PART = 'META-INF/encryption.xml';

/** Fonts may be obfuscated (IDPF, Adobe) without the book being DRM-protected. */
const FONT = /\.(?:otf|ttf|woff2?|eot)$/i;

/**
 * Refuses a DRM-protected e-book: `META-INF/encryption.xml` naming any resource other than a font
 * (EPUB's font obfuscation is not DRM and leaves the text readable).
 */
export async function checkEncryption(pkg: OfficePackage): Promise<void> {
  if (!pkg.has(ENCRYPTION_PART)) return;
  const root = await pkg.readXml(ENCRYPTION_PART);
  const encrypted = descendantsNamed(root, 'CipherReference')
    .map((reference) => reference.attributes.URI ?? '')
    .filter((uri) => !FONT.test(uri));
  if (encrypted.length > 0) {
    throw new TransmuteError(
      'encrypted_document',
      `The e-book is DRM-protected (${String(encrypted.length)} encrypted resources), so its text cannot be read.`,
    );
  }
}
