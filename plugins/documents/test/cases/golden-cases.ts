import { join } from 'node:path';
import type { TextCase } from '../../../dataset/test/render-text-case.js';
import {
  DOCUMENT_CASES,
  DOCUMENT_FIXTURES,
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

/** The readable cases as golden cases of the shared renderer (goldens in `<name>/expected/`). */
export function listDocumentGoldenCases(only: ReadonlySet<string> = new Set()): TextCase[] {
  return DOCUMENT_CASES.filter(isReadableCase)
    .filter((documentCase) => only.size === 0 || only.has(documentCase.name))
    .map((documentCase) => ({
      name: documentCase.name,
      directory: join(DOCUMENT_FIXTURES, documentCase.name),
      input: inputPathOf(documentCase),
      mediaType: mediaTypeOf(documentCase),
    }));
}
