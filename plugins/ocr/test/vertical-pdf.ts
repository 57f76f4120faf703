import { PDFDocument, PDFName, PDFString } from 'pdf-lib';

/** A column of vertical writing: its text and the x of its centre, in PDF points. */
export interface VerticalColumn {
  text: string;
  x: number;
}

function hex4(value: number): string {
  return value.toString(16).padStart(4, '0').toUpperCase();
}

/**
 * Writes a one-page PDF set in vertical writing (a Type0 font with the Identity-V CMap, as Japanese
 * and Chinese typesetting writes it): each column top down from `top`, the columns as given. The
 * font is not embedded; a ToUnicode map gives the text.
 */
export async function writeVerticalPdf(
  columns: VerticalColumn[],
  options: { top?: number; size?: number; horizontal?: { text: string; x: number; y: number }[] } = {},
): Promise<Uint8Array> {
  const { top = 760, size = 20, horizontal = [] } = options;
  const characters = [...new Set(columns.flatMap((column) => [...column.text]))];
  const cid = new Map(characters.map((character, index) => [character, index + 1]));
  const pdf = await PDFDocument.create();
  const context = pdf.context;
  const bfchar = characters
    .map((character) => `<${hex4(cid.get(character) ?? 0)}> <${hex4(character.codePointAt(0) ?? 0)}>`)
    .join('\n');
  const cmap = [
    '/CIDInit /ProcSet findresource begin 12 dict begin begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def /CMapType 2 def',
    '1 begincodespacerange <0000> <FFFF> endcodespacerange',
    `${characters.length} beginbfchar`,
    bfchar,
    'endbfchar endcmap CMapName currentdict /CMap defineresource pop end end',
  ].join('\n');
  const toUnicode = context.register(context.stream(cmap));
  const descriptor = context.register(
    context.obj({
      Type: 'FontDescriptor',
      FontName: 'MS-Mincho',
      Flags: 4,
      FontBBox: [0, -141, 1000, 859],
      ItalicAngle: 0,
      Ascent: 859,
      Descent: -141,
      CapHeight: 700,
      StemV: 80,
    }),
  );
  const cidFont = context.register(
    context.obj({
      Type: 'Font',
      Subtype: 'CIDFontType2',
      BaseFont: 'MS-Mincho',
      CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
      FontDescriptor: descriptor,
      DW: 1000,
    }),
  );
  const font = context.register(
    context.obj({
      Type: 'Font',
      Subtype: 'Type0',
      BaseFont: 'MS-Mincho',
      Encoding: 'Identity-V',
      DescendantFonts: [cidFont],
      ToUnicode: toUnicode,
    }),
  );
  const latin = context.register(
    context.obj({ Type: 'Font', Subtype: 'Type1', BaseFont: 'Helvetica', Encoding: 'WinAnsiEncoding' }),
  );
  const page = pdf.addPage([595, 842]);
  page.node.setFontDictionary(PDFName.of('V1'), font);
  page.node.setFontDictionary(PDFName.of('H1'), latin);
  const operators = columns.map((column) => {
    const codes = [...column.text].map((character) => hex4(cid.get(character) ?? 0)).join('');
    return `BT /V1 ${size} Tf 1 0 0 1 ${column.x} ${top} Tm <${codes}> Tj ET`;
  });
  for (const line of horizontal) {
    operators.push(`BT /H1 10 Tf 1 0 0 1 ${line.x} ${line.y} Tm (${line.text}) Tj ET`);
  }
  page.node.set(PDFName.of('Contents'), context.register(context.stream(operators.join('\n'))));
  return pdf.save();
}
