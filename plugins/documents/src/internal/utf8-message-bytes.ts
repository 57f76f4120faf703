import { bomEncoding, utf16Layout } from '@transmute/plugin-sdk/text-encoding';

/**
 * A message file's bytes as the 8-bit stream RFC 822 parsers read. A message saved as UTF-16
 * (Windows tools do: with a byte-order mark, or without one, told by its NUL bytes) is transcoded
 * to UTF-8 (the BOM dropped); `guessed` names the encoding when no BOM said it, for a warning.
 * Any other file is returned as it is.
 */
export function toUtf8MessageBytes(bytes: Buffer): { bytes: Buffer; guessed?: string } {
  const bom = bomEncoding(bytes);
  if (bom === 'utf-16le' || bom === 'utf-16be')
    return { bytes: Buffer.from(new TextDecoder(bom).decode(bytes), 'utf8') };
  const layout = bom === undefined ? utf16Layout(bytes) : undefined;
  if (layout === undefined) return { bytes };
  return {
    bytes: Buffer.from(new TextDecoder(layout.encoding).decode(bytes), 'utf8'),
    guessed: layout.encoding,
  };
}
