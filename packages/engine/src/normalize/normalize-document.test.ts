import { readFileSync } from 'node:fs';
import type { RootContent } from 'mdast';
import { describe, expect, it } from 'vitest';
import { readTextSource } from '../text-source/read-text-source.js';
import { normalizeDocument } from './normalize-document.js';

const signal = new AbortController().signal;
const fixture = (path: string): string =>
  readFileSync(new URL(`../../../../fixtures/text/${path}`, import.meta.url), 'utf8');

async function normalize(content: string, mediaType = 'text/markdown', warnings: string[] = []) {
  const extracted = await readTextSource(
    { content, mediaType, name: 'x' },
    { signal, warn: () => undefined },
  );
  return normalizeDocument(extracted, { warn: (code, detail) => warnings.push(`${code}: ${detail}`) });
}

describe('normalizeDocument', async () => {
  it('applies NFC, collapses whitespace and removes invisible characters', async () => {
    const document = await normalize('Cafe\u0301   au\u200b lait\n   crème');
    expect(document.text).toBe('Café au lait crème');
  });

  it('keeps code blocks verbatim', async () => {
    const document = await normalize('```py\ndef f():\n    return  1\n```');
    expect(document.text).toBe('```py\ndef f():\n    return  1\n```');
  });

  it('keeps heading levels as the source marks them when it says so (HTML h1–h6)', async () => {
    const extracted = await readTextSource(
      { content: '## A\n\ntext\n\n#### B\n\ntext', mediaType: 'text/markdown', name: 'x' },
      { signal, warn: () => undefined },
    );
    const document = normalizeDocument({ ...extracted, headingLevelsAsMarked: true });
    expect(document.text).toBe('## A\n\ntext\n\n#### B\n\ntext');
  });

  it('fixes heading levels: shallowest becomes 1, no jumps over a level', async () => {
    const document = await normalize('### A\n\ntext\n\n##### B\n\ntext\n\n### C');
    expect(document.text).toBe('# A\n\ntext\n\n## B\n\ntext\n\n# C');
    expect(document.blocks?.map((block) => block.headingPath)).toEqual([
      ['A'],
      ['A'],
      ['A', 'B'],
      ['A', 'B'],
      ['C'],
    ]);
  });

  it('never lifts an addendum heading (comments) to the title level, with or without own headings', () => {
    const heading = (depth: 1 | 2 | 3, value: string, addendum = false): RootContent => ({
      type: 'heading',
      depth,
      children: [{ type: 'text', value }],
      ...(addendum ? { data: { addendum: true } } : {}),
    });
    const paragraph: RootContent = { type: 'paragraph', children: [{ type: 'text', value: 'Ouch.' }] };
    const levels = (children: RootContent[]): string =>
      normalizeDocument({ root: { type: 'root', children }, metadata: {} })
        .text.split('\n\n')
        .filter((line) => line.startsWith('#'))
        .join(' | ');
    expect(levels([paragraph, heading(2, 'Comments', true)])).toBe('## Comments');
    expect(levels([heading(3, 'Own'), paragraph, heading(2, 'Comments', true)])).toBe('# Own | ## Comments');
    expect(levels([heading(1, 'Own'), heading(2, 'Part'), heading(2, 'Comments', true)])).toBe(
      '# Own | ## Part | ## Comments',
    );
  });

  it('drops empty nodes', async () => {
    const document = await normalize('#  \n\n**  **\n\n- \n\nReal text.');
    expect(document.text).toBe('Real text.');
  });

  it('drops repeated page headers and footers, with a warning', async () => {
    const warnings: string[] = [];
    const document = await normalize(fixture('plain-report/input.txt'), 'text/plain', warnings);
    expect(document.text).not.toContain('Internal - Page');
    expect(warnings).toEqual([
      'boilerplate_removed: 4 repeated short block(s) (headers, footers) were removed: "Northwind Logistics - Internal - Page #" (# stands for a number).',
    ]);
    expect(document.metadata.facts).toMatchObject({ boilerplate_blocks: 4 });
  });

  it('detects the language', async () => {
    expect((await normalize(fixture('non-english-article/input.md'))).metadata.language).toBe('de');
    expect((await normalize(fixture('markdown-article/input.md'))).metadata.language).toBe('en');
    expect((await normalize('ok')).metadata.language).toBeUndefined();
  });

  it('detects the language of a long text from its first blocks, past an English heading', async () => {
    const german =
      'Die Bienen waren heute Morgen ruhig, und im zweiten Volk fanden wir die Königin auf einer Wabe mit frischer Brut. ';
    const english = 'The hive was weighed again before the frames were checked and the stores were counted. ';
    const text = [
      '# Field report 2026',
      ...Array.from({ length: 8 }, () => german.repeat(4)),
      ...Array.from({ length: 8 }, () => english.repeat(4)),
    ].join('\n\n');
    expect((await normalize(text)).metadata.language).toBe('de');
    expect((await normalize(`# Notes\n\n${english.repeat(2)}`)).metadata.language).toBe('en');
  });

  it('records block offsets into the text', async () => {
    const document = await normalize(fixture('markdown-article/input.md'));
    for (const block of document.blocks ?? []) {
      const text = document.text.slice(block.startOffset, block.endOffset);
      expect(text).toBe(text.trim());
      expect(text.length).toBeGreaterThan(0);
    }
    const table = document.blocks?.find((block) => block.type === 'table');
    expect(document.text.slice(table?.startOffset, table?.endOffset)).toMatch(/^\| Failure \| Retry\? \|/);
  });
});

describe('boilerplate removal', () => {
  it('drops short repeats of an unpaged text only, never value lines, paged blocks or most of the text', async () => {
    const { dropBoilerplate } = await import('./drop-boilerplate.js');
    const paragraph = (value: string, page?: number) => ({
      type: 'paragraph' as const,
      children: [{ type: 'text' as const, value }],
      ...(page === undefined ? {} : { data: { provenance: { page } } }),
    });
    const labels = {
      type: 'root' as const,
      children: ['1)', '2)', '3)', '4)'].map((label) => paragraph(label)),
    };
    expect(dropBoilerplate(labels).dropped).toBe(0);
    const values = {
      type: 'root' as const,
      children: [0.75, 0.5, 0.25].map((value) => paragraph(`A, B, C = ${value}, 0.00, 0.00`)),
    };
    expect(dropBoilerplate(values).dropped).toBe(0);
    const paged = {
      type: 'root' as const,
      children: [1, 2, 3].map((page) => paragraph(`ACME Corp confidential, page ${page}`, page)),
    };
    expect(dropBoilerplate(paged).dropped).toBe(0);
    const mostOfTheText = {
      type: 'root' as const,
      children: [1, 2, 3].map((page) => paragraph(`ACME Corp confidential, page ${page}`)),
    };
    expect(dropBoilerplate(mostOfTheText).dropped).toBe(0);
    const body = paragraph('A long paragraph of real content. '.repeat(20));
    const footers = {
      type: 'root' as const,
      children: [1, 2, 3].flatMap((page) => [body, paragraph(`ACME Corp confidential, page ${page}`)]),
    };
    expect(dropBoilerplate(footers)).toEqual({ dropped: 3, lines: ['ACME Corp confidential, page #'] });
  });
});
