import { describe, expect, it } from 'vitest';
import { generateLargeInput } from '../../../../fixtures/text/generate.js';
import { createEngine } from '../create-engine.js';
import { appendInputPart, appendPart, splitInput, splitResult } from './cpu-result-parts.js';
import { MARKDOWN } from '../../test/helpers.js';

describe('splitResult and appendPart', () => {
  it('give back the same document after the parts cross a structured clone', async () => {
    const engine = createEngine({ cpuWorkers: false });
    const { document } = await engine.prepare({ type: 'text', content: generateLargeInput(60_000) });
    const expected = JSON.stringify(document);
    const parts = splitResult('prepare-document', document, 7);
    expect(document.root.children).toEqual([]);
    expect(document.chunks).toEqual([]);
    expect(new Set(parts.map((part) => part.array))).toEqual(new Set([0, 1, 2]));
    const received = structuredClone(document);
    for (const part of parts) appendPart('prepare-document', received, structuredClone(part));
    expect(JSON.stringify(received)).toBe(expected);
  });

  it('split an input without touching the caller document, and rebuild it', async () => {
    const engine = createEngine({ cpuWorkers: false });
    const { document } = await engine.prepare({ type: 'text', content: generateLargeInput(60_000) });
    const expected = JSON.stringify(document);
    const split = splitInput('render', { document, output: MARKDOWN, chunking: {} }, 7);
    expect(JSON.stringify(document)).toBe(expected);
    expect(split.parts.length).toBeGreaterThan(3);
    const received = structuredClone(split.input) as { document: unknown };
    expect(received.document).toMatchObject({ root: { children: [] }, blocks: [], chunks: [] });
    for (const part of split.parts) appendInputPart('render', received, structuredClone(part));
    expect(JSON.stringify(received.document)).toBe(expected);
  });

  it('leaves a short result whole', () => {
    const result = { root: { type: 'root', children: [{ type: 'thematicBreak' }] }, metadata: {} };
    expect(splitResult('read-text', result)).toEqual([]);
    expect(result.root.children).toHaveLength(1);
  });
});
