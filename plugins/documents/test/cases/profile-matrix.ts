import { OUTPUT_PROFILES, type OutputProfile } from '@transmute/contract';

/** One conversion of a case: a profile and a text format. */
export interface MatrixRun {
  profile: OutputProfile;
  format: 'markdown' | 'jsonl';
}

/**
 * How every document format × profile pair is covered (the one place that says so): each
 * format's first readable case (`MATRIX_CASES`) runs half of the six profiles through the API
 * (`packages/e2e/test/blackbox/documents.test.ts`, upload → job → content) and the other half
 * through `transmute convert` (`packages/cli/test/convert-documents.test.ts`), markdown and JSONL
 * in turn. The halves swap from one case to the next, so every profile also runs
 * through both surfaces for many formats. Every output is compared with the case's goldens.
 * Running all six profiles of every format through both would cost minutes per run.
 */
export function splitProfiles(caseIndex: number): { api: MatrixRun[]; cli: MatrixRun[] } {
  const runs = OUTPUT_PROFILES.map((profile, index) => ({
    profile,
    // Markdown and JSONL in turn, shifting every second case so each profile meets both.
    format: (Math.floor(index / 2) + Math.floor(caseIndex / 2)) % 2 === 0 ? 'markdown' : 'jsonl',
    surface: (index + caseIndex) % 2 === 0 ? 'api' : 'cli',
  })) satisfies (MatrixRun & { surface: string })[];
  const on = (surface: string): MatrixRun[] =>
    runs.filter((run) => run.surface === surface).map(({ profile, format }) => ({ profile, format }));
  return { api: on('api'), cli: on('cli') };
}
