/** The header parts of a hand-written RTF document; each has a plain default. */
export interface RtfHeader {
  /** `\ansicpgN` (1252 when left out). */
  codePage?: number;
  /** The `{\fonttbl …}` entries (a single `\f0` Times New Roman when left out). */
  fonts?: string;
  /** The `{\stylesheet …}` entries (Normal and heading 1–2 when left out). */
  styles?: string;
  /** `{\*\listtable …}{\*\listoverridetable …}`, as they are. */
  lists?: string;
  /** `{\info …}` content. */
  info?: string;
}

const DEFAULT_STYLES =
  String.raw`{\ql \li0\ri0\widctlpar\f0\fs24 \snext0 Normal;}` +
  String.raw`{\s1\ql \li0\ri0\sb240\sa60\keepn\outlinelevel0\b\f0\fs32 \sbasedon0 \snext0 heading 1;}` +
  String.raw`{\s2\ql \li0\ri0\sb240\sa60\keepn\b\i\f0\fs28 \sbasedon0 \snext0 heading 2;}` +
  String.raw`{\*\cs10 \additive Default Paragraph Font;}`;

/** A hand-written RTF document as Word lays one out: header tables, then the body, as bytes (latin1). */
export function rtfOf(body: string, header: RtfHeader = {}): Buffer {
  const text =
    String.raw`{\rtf1\ansi\ansicpg${String(header.codePage ?? 1252)}\deff0\uc1` +
    String.raw`{\fonttbl${header.fonts ?? String.raw`{\f0\froman\fcharset0 Times New Roman;}`}}` +
    String.raw`{\colortbl;\red0\green0\blue0;\red255\green0\blue0;}` +
    String.raw`{\stylesheet${header.styles ?? DEFAULT_STYLES}}` +
    (header.lists ?? '') +
    (header.info === undefined ? '' : String.raw`{\info${header.info}}`) +
    String.raw`{\*\generator Hand 1.0;}` +
    '\r\n' +
    body +
    '}';
  return Buffer.from(text, 'latin1');
}
