import { OUTPUT_PROFILES } from '@transmute/contract';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_MEDIA_TYPES } from '@transmute/engine';
import { DOCUMENT_MEDIA_TYPES as READ_MEDIA_TYPES } from '../src/internal/formats.js';
import { mediaTypeOf } from './cases/document-cases.js';
import { MATRIX_CASES } from './cases/golden-cases.js';
import { splitProfiles } from './cases/profile-matrix.js';

/**
 * Macro-enabled packages, templates and slide shows: the same readers and package layout as docx,
 * xlsx, pptx, odt, ods and odp; only the content type differs.
 */
const VARIANTS = new Set([
  'docm',
  'xlsm',
  'pptm',
  'dotx',
  'dotm',
  'xltx',
  'xltm',
  'ppsx',
  'ppsm',
  'potx',
  'potm',
  'ott',
  'ots',
  'otp',
]);

describe('the document format × profile matrix', () => {
  it('runs every profile of every readable case exactly once, through the API or the CLI', () => {
    for (const [caseIndex, documentCase] of MATRIX_CASES.entries()) {
      const { api, cli } = splitProfiles(caseIndex);
      const profiles = [...api, ...cli].map((run) => run.profile);
      expect(profiles.toSorted(), documentCase.name).toEqual([...OUTPUT_PROFILES].sort());
    }
  });

  it('runs every profile through both surfaces and in both text formats somewhere', () => {
    const seen = new Set<string>();
    for (const caseIndex of MATRIX_CASES.keys()) {
      const { api, cli } = splitProfiles(caseIndex);
      for (const run of api) seen.add(`api ${run.profile} ${run.format}`);
      for (const run of cli) seen.add(`cli ${run.profile} ${run.format}`);
    }
    for (const surface of ['api', 'cli'])
      for (const profile of OUTPUT_PROFILES)
        for (const format of ['markdown', 'jsonl']) expect(seen).toContain(`${surface} ${profile} ${format}`);
  });

  it('has a readable case for every format the documents source reads', () => {
    const covered = new Set(MATRIX_CASES.map(mediaTypeOf));
    const read = new Set(READ_MEDIA_TYPES);
    for (const [extension, mediaType] of Object.entries(DOCUMENT_MEDIA_TYPES)) {
      if (!read.has(mediaType) || VARIANTS.has(extension)) continue;
      expect(covered, `add a row for .${extension} to document-cases.ts`).toContain(mediaType);
    }
  });
});
