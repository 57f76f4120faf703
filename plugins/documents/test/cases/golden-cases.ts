import { join } from 'node:path';
import type { TextCase } from '../../../dataset/test/render-text-case.js';
import {
  DOCUMENT_CASES,
  DOCUMENT_FIXTURES,
  formatOf,
  inputPathOf,
  mediaTypeOf,
  type DocumentCase,
} from './document-cases.js';

/** A readable document case: one whose reading shows text (hostile ones fail instead). */
export type ReadableCase = DocumentCase & { expect: { shows: string[] } };

/** Whether reading the case must succeed. */
export function isReadableCase(documentCase: DocumentCase): documentCase is ReadableCase {
  return 'shows' in documentCase.expect;
}

/** The readable cases in table order: each has goldens. */
export const READABLE_CASES: readonly ReadableCase[] = DOCUMENT_CASES.filter(isReadableCase);

/**
 * The first readable case of each format, in table order: the ones that go through the API and
 * the CLI (their index picks their half of the profile matrix). Further cases of a format (files
 * LibreOffice wrote) are checked against their goldens through the engine only.
 */
export const MATRIX_CASES: readonly ReadableCase[] = READABLE_CASES.filter(
  (documentCase, index) =>
    READABLE_CASES.findIndex((other) => formatOf(other) === formatOf(documentCase)) === index,
);

/** A readable case as a golden case of the shared renderer (goldens in `<name>/expected/`). */
export function goldenCaseOf(documentCase: ReadableCase): TextCase {
  return {
    name: documentCase.name,
    directory: join(DOCUMENT_FIXTURES, documentCase.name),
    input: inputPathOf(documentCase),
    mediaType: mediaTypeOf(documentCase),
  };
}

/** The golden file of a case's output in a profile and text format. */
export function goldenPathOf(
  documentCase: DocumentCase,
  profile: string,
  format: 'markdown' | 'jsonl',
): string {
  const extension = format === 'markdown' ? 'md' : 'jsonl';
  return join(DOCUMENT_FIXTURES, documentCase.name, 'expected', `${profile}.${extension}`);
}

/** What a package's XML leaves behind in an output when a reader lets it through. */
export const PACKAGE_XML = /<w:|<a:|<p:|xmlns|\[Content_Types\]|<\?xml/;
