import { zipOf } from './zip-of.js';

const NAMESPACES =
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" ' +
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" ' +
  'xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math" ' +
  'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" ' +
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" ' +
  'xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"';

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>
</Types>`;

const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>
</Relationships>`;

/** The parts of a hand-written docx: the body's XML, and any other part by name. */
export interface DocxParts {
  body: string;
  /** `word/styles.xml`'s `w:style` elements. */
  styles?: string;
  /** `word/numbering.xml`'s content. */
  numbering?: string;
  /** Relationships of document.xml: `rId → target` (`http…` targets are external). */
  relationships?: Record<string, string>;
  /** Other parts by name, as they are. */
  parts?: Record<string, string | Buffer>;
}

/** A docx built from hand-written WordprocessingML, zipped in memory. */
export async function docxOf(parts: DocxParts): Promise<Buffer> {
  const rels = Object.entries(parts.relationships ?? {})
    .map(
      ([id, target]) =>
        `<Relationship Id="${id}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/x" Target="${target}"${target.startsWith('http') ? ' TargetMode="External"' : ''}/>`,
    )
    .join('');
  return zipOf({
    '[Content_Types].xml': CONTENT_TYPES,
    '_rels/.rels': ROOT_RELS,
    'word/document.xml': `<?xml version="1.0" encoding="UTF-8"?><w:document ${NAMESPACES}><w:body>${parts.body}</w:body></w:document>`,
    'word/_rels/document.xml.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels}</Relationships>`,
    ...(parts.styles === undefined
      ? {}
      : { 'word/styles.xml': `<?xml version="1.0"?><w:styles ${NAMESPACES}>${parts.styles}</w:styles>` }),
    ...(parts.numbering === undefined
      ? {}
      : {
          'word/numbering.xml': `<?xml version="1.0"?><w:numbering ${NAMESPACES}>${parts.numbering}</w:numbering>`,
        }),
    ...parts.parts,
  });
}

/** Wraps XML parts with the namespaces docx parts declare. */
export function withNamespaces(element: string, content: string): string {
  return `<?xml version="1.0"?><${element} ${NAMESPACES}>${content}</${element}>`;
}

/** A paragraph of plain runs, optionally with a paragraph style. */
export function p(text: string, style?: string): string {
  const pPr = style === undefined ? '' : `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>`;
  return `<w:p>${pPr}<w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;
}
