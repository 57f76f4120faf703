const PAGE_BOX = {
  type: 'object',
  properties: {
    page: { type: 'integer', minimum: 1 },
    box: {
      type: 'array',
      items: { type: 'number', minimum: 0, maximum: 1 },
      minItems: 4,
      maxItems: 4,
    },
  },
  required: ['page', 'box'],
  additionalProperties: false,
} as const;

const PROPERTIES = {
  source: {
    type: ['string', 'null'],
    description: 'The file id of the uploaded file or the source URL; null for inline text.',
  },
  page: { type: ['integer', 'null'], minimum: 1, description: '1-based page the piece starts on.' },
  pages: {
    type: ['array', 'null'],
    items: { type: 'integer', minimum: 1 },
    minItems: 2,
    maxItems: 2,
    description: '[first, last] page of the piece (equal on one page); null without pages.',
  },
  slide: { type: ['integer', 'null'], minimum: 1, description: '1-based slide (presentations).' },
  sheet: { type: ['string', 'null'], description: 'Sheet name (spreadsheets).' },
  cells: { type: ['string', 'null'], description: 'A1-style cell range within the sheet.' },
  chapter: { type: ['string', 'null'], description: 'Chapter title or spine item (e-books).' },
  path: {
    type: ['string', 'null'],
    description: 'The part the piece was read from: a file in an archive, an e-mail part, an attachment.',
  },
  time: {
    type: ['array', 'null'],
    prefixItems: [{ type: 'number', minimum: 0 }, { type: ['number', 'null'] }],
    minItems: 2,
    maxItems: 2,
    description: '[start_s, end_s] in the media (audio, video); end_s null when unknown.',
  },
  bbox: {
    type: ['array', 'null'],
    items: PAGE_BOX,
    minItems: 1,
    description:
      'One box per page: {page, box: [x0, y0, x1, y1]} normalized 0–1 to the page, top-left origin (PDFs, OCR, images).',
  },
  start_offset: {
    type: ['integer', 'null'],
    minimum: 0,
    description: 'Start of the piece in the rendered markdown artifact.',
  },
  end_offset: {
    type: ['integer', 'null'],
    minimum: 0,
    description: 'End (exclusive) of the piece in the rendered markdown artifact.',
  },
} as const;

/**
 * The JSON Schema (2020-12) fragment of the provenance fields every record carries (CONTRACT §13):
 * its `properties` and `required` (all of them: an absent fact is null) for profile record schemas.
 */
export const PROVENANCE_SCHEMA = {
  properties: PROPERTIES,
  required: Object.keys(PROPERTIES) as (keyof typeof PROPERTIES)[],
} as const;
