import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toRuns } from '../src/internal/pdf-text.js';
import { loadPdfjs, pdfjsAssets } from '../src/internal/pdfjs-loader.js';
import { mayHoldTable } from '../src/internal/page-table-hint.js';
import type { TextRun } from '../src/internal/layout-types.js';
import { repoRoot } from './helpers.js';

const corpora = resolve(repoRoot, '../shared/corpora');

async function pageRuns(path: string, number: number): Promise<TextRun[]> {
  const pdfjs = await loadPdfjs();
  const document = await pdfjs.getDocument({
    data: new Uint8Array(readFileSync(path)),
    ...pdfjsAssets(),
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
  try {
    const page = await document.getPage(number);
    const viewport = page.getViewport({ scale: 1 });
    const content = await page.getTextContent({ disableNormalization: true });
    return toRuns(content, viewport.transform, (a, b) => pdfjs.Util.transform(a, b) as number[], viewport)
      .runs;
  } finally {
    await document.loadingTask.destroy();
  }
}

describe.runIf(existsSync(join(corpora, 'tables')) && existsSync(join(corpora, 'pdf')))(
  'which pages have their drawing read for ruled tables',
  () => {
    it('skips pages of prose (tracemonkey p1 and p9, two columns)', async () => {
      const path = join(corpora, 'pdf/tracemonkey.pdf');
      expect(mayHoldTable(await pageRuns(path, 1))).toBe(false);
      expect(mayHoldTable(await pageRuns(path, 9))).toBe(false);
    });

    it('reads pages with a ruled table (column_span_1, background_lines_1, table_region)', async () => {
      for (const name of ['column_span_1.pdf', 'background_lines_1.pdf', 'table_region.pdf']) {
        expect(mayHoldTable(await pageRuns(join(corpora, 'tables', name), 1)), name).toBe(true);
      }
    });
  },
);
