import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { afterAll, describe, expect, it } from 'vitest';
import { createOcrSource } from '../src/index.js';
import { createTestContext, repoRoot, toSourceFile } from './helpers.js';

const source = createOcrSource({ ocr: false });
afterAll(async () => {
  await source.close?.();
});

type Provenance = { page?: number };
const pageOf = (node: RootContent): number | undefined =>
  (node.data as { provenance?: Provenance } | undefined)?.provenance?.page;

async function pageNodes(path: string, page: number): Promise<RootContent[]> {
  const { ctx } = createTestContext(source.manifest.limits);
  const document = await source.extract(toSourceFile(path, 'application/pdf'), ctx);
  return document.root.children.filter((node) => pageOf(node) === page);
}

const rules = resolve(repoRoot, '../shared/corpora/tables/diesel_engines.pdf');

describe.runIf(existsSync(rules))('a chart is no table (issue 25)', () => {
  it('leaves the labels and axis ticks of a chart drawn on a ruled grid as text (diesel_engines page 10, Figure 1)', async () => {
    const nodes = await pageNodes(rules, 10);
    const tables = nodes.filter((node) => node.data?.table !== undefined).map((node) => toString(node));
    expect(tables.filter((text) => /power stage|1500/.test(text))).toEqual([]);
    const text = nodes.map((node) => toString(node)).join('\n');
    expect(text).toContain('2nd power stage');
    expect(text).toMatch(/1000\s+1500\s+2000/);
  });

  it('finds no table in a chart whose curves are labelled all over its grid, nor across it and its legend (diesel_engines page 17, Figure 2)', async () => {
    const nodes = await pageNodes(rules, 17);
    const tables = nodes.filter((node) => node.data?.table !== undefined).map((node) => toString(node));
    expect(tables).toEqual([]);
    const text = nodes.map((node) => toString(node)).join('\n');
    expect(text).toContain('Normal propeller curve');
    expect(text).toContain('Range of intermittent operation');
  });
});

/** Made with LibreOffice from its source beside it: `soffice --headless --convert-to pdf fixtures/ocr/flowchart.fodg`. */
const flowchart = resolve(repoRoot, 'fixtures/ocr/flowchart.pdf');

describe('a flowchart is no table (issue 25, mode 6)', () => {
  it('reads a flowchart of ruled boxes in rows and columns as its boxes, not as a table of them', async () => {
    const nodes = await pageNodes(flowchart, 1);
    expect(nodes.filter((node) => node.data?.table !== undefined)).toEqual([]);
    // Every box's label is a paragraph of its own (their order among the boxes is not asserted: a flowchart has none).
    const texts = nodes.map((node) => toString(node));
    expect([...texts].sort()).toEqual(
      [
        'How an application for housing benefit is handled',
        texts.find((text) => text.startsWith('Each application passes through the steps below.')),
        'Receive application',
        'Check identity',
        'Verify documents',
        'Request missing papers',
        'Assess eligibility',
        'Calculate benefit',
        'Notify applicant',
        'Record decision',
        'Close the case',
        'Figure 1. The steps of an application, from receipt to closing.',
      ].sort(),
    );
    expect(nodes[0]?.type).toBe('heading');
  });
});
