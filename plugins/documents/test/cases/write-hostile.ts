import CFB from 'cfb';
import { docxOf, p } from '../support/docx-of.js';

/**
 * A password-protected docx as Word saves one: not a zip but an OLE compound file holding
 * `EncryptionInfo` (an agile-encryption descriptor) and `EncryptedPackage` (the encrypted zip,
 * here pseudo-random bytes behind its 8-byte length). Readers must say it is encrypted.
 */
export function writeEncryptedDocx(): Promise<Buffer> {
  const file = CFB.utils.cfb_new();
  const descriptor =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<encryption xmlns="http://schemas.microsoft.com/office/2006/encryption">' +
    '<keyData saltSize="16" blockSize="16" keyBits="256" hashSize="64" cipherAlgorithm="AES" ' +
    'cipherChaining="ChainingModeCBC" hashAlgorithm="SHA512" saltValue="AAAAAAAAAAAAAAAAAAAAAA=="/></encryption>';
  const info = Buffer.concat([
    Buffer.from([0x04, 0x00, 0x04, 0x00, 0x40, 0x00, 0x00, 0x00]), // version 4.4, flags
    Buffer.from(descriptor, 'utf8'),
  ]);
  const encrypted = Buffer.alloc(4104);
  encrypted.writeBigUInt64LE(4096n, 0);
  for (let index = 8; index < encrypted.length; index += 1) encrypted[index] = (index * 131 + 7) % 251;
  CFB.utils.cfb_add(file, '/EncryptionInfo', info);
  CFB.utils.cfb_add(file, '/EncryptedPackage', encrypted);
  return Promise.resolve(Buffer.from(CFB.write(file, { type: 'buffer' }) as Uint8Array));
}

/** A docx whose document part declares a "billion laughs" DTD: ten levels of entities, each ten of the one below. */
export function writeXmlBombDocx(): Promise<Buffer> {
  const entities = ['<!ENTITY lol "lol">'];
  for (let level = 1; level <= 9; level += 1) {
    const below = level === 1 ? 'lol' : `lol${String(level - 1)}`;
    entities.push(`<!ENTITY lol${String(level)} "${`&${below};`.repeat(10)}">`);
  }
  return docxOf({
    body: p('Harvest &lol9;'),
    parts: {
      // The whole document part, prolog and DTD included, replaces the helper's plain one.
      'word/document.xml':
        `<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE w:document [${entities.join('')}]>` +
        '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
        `<w:body>${p('Harvest &lol9;')}</w:body></w:document>`,
    },
  });
}

/**
 * A zip bomb dressed as a docx: a valid small document plus a 24 MiB part of zeros that deflates
 * to about 24 KiB (a ratio far past any document's), refused before anything inflates.
 */
export function writeZipBombDocx(): Promise<Buffer> {
  return docxOf({
    body: p('Harvest report'),
    parts: { 'word/media/padding.bin': Buffer.alloc(24 * 1024 * 1024) },
  });
}
