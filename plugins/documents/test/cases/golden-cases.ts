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

/** The readable cases in table order (their index picks their half of the profile matrix). */
export const READABLE_CASES: readonly ReadableCase[] = DOCUMENT_CASES.filter(isReadableCase);

/** The golden file of a case's output in a profile and text format. */
export function goldenPathOf(
  documentCase: DocumentCase,
  profile: string,
  format: 'markdown' | 'jsonl',
): string {
  return join(
    DOCUMENT_FIXTURES,
    documentCase.name,
    'expected',
    `${profile}.${format === 'markdown' ? 'md' : 'jsonl'}`,
  );
}
