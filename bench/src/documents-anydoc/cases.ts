import { fileURLToPath } from 'node:url';

/** One file of the documents-vs-anydoc bench, its hand-checked truth, and which split it is in. */
export interface DocumentCase {
  /** The file, relative to the repository's `fixtures/`. */
  file: string;
  /** The truth's file name under `truth/`. */
  truth: string;
  split: 'dev' | 'held-out';
}

/**
 * Our own document fixtures, each format at least once. The held-out files are the ones LibreOffice
 * wrote (other producers' markup of the same contents), kept apart while the readers were changed.
 * `documents-structure/` holds the harder ones: custom heading styles, cells with blocks and nested
 * tables, merged cells, placeholders with bullets at three levels, notes, groups, nav and MathML.
 */
export const DOCUMENT_CASES: readonly DocumentCase[] = [
  { file: 'documents/docx-report/input.docx', truth: 'apiary-field-report.md', split: 'dev' },
  { file: 'documents-tables/source.docx', truth: 'cells-with-blocks.md', split: 'dev' },
  { file: 'documents/pptx-deck/input.pptx', truth: 'apiary-season-deck.md', split: 'dev' },
  { file: 'documents/xlsx-workbook/input.xlsx', truth: 'harvest-workbook.md', split: 'dev' },
  { file: 'documents/odt-report/input.odt', truth: 'autumn-inspection.md', split: 'dev' },
  { file: 'documents/rtf-report/input.rtf', truth: 'spring-inspection-rtf.md', split: 'dev' },
  { file: 'documents/epub-book/input.epub', truth: 'year-with-bees.md', split: 'dev' },
  { file: 'documents-structure/handbook.docx', truth: 'hive-handbook.md', split: 'dev' },
  { file: 'documents-structure/queen-rearing.pptx', truth: 'queen-rearing.md', split: 'dev' },
  { file: 'documents-structure/counting-bees.epub', truth: 'counting-bees.md', split: 'dev' },
  { file: 'documents-structure/swarm-guide.docx', truth: 'swarm-control-guide.md', split: 'dev' },
  { file: 'documents-structure/hive-ledger.xlsx', truth: 'hive-ledger.md', split: 'dev' },
  { file: 'documents/docx-libreoffice/input.docx', truth: 'autumn-inspection.md', split: 'held-out' },
  { file: 'documents/odt-libreoffice/input.odt', truth: 'apiary-field-report.md', split: 'held-out' },
  { file: 'documents/rtf-libreoffice/input.rtf', truth: 'apiary-field-report.md', split: 'held-out' },
  { file: 'documents-tables/source.odt', truth: 'cells-with-blocks.md', split: 'held-out' },
  { file: 'documents-structure/handbook.odt', truth: 'hive-handbook.md', split: 'held-out' },
  { file: 'documents-structure/handbook.rtf', truth: 'hive-handbook.md', split: 'held-out' },
  { file: 'documents-structure/slides.pptx', truth: 'colony-census.md', split: 'held-out' },
  { file: 'documents-structure/swarm-guide.odt', truth: 'swarm-control-guide.md', split: 'held-out' },
  { file: 'documents-structure/swarm-guide.rtf', truth: 'swarm-control-guide.md', split: 'held-out' },
  { file: 'documents-structure/hive-ledger.ods', truth: 'hive-ledger.md', split: 'held-out' },
];

export const FIXTURES = fileURLToPath(new URL('../../../fixtures/', import.meta.url));
export const TRUTH = fileURLToPath(new URL('./truth/', import.meta.url));
