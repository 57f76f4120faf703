import { OUTPUT_PROFILES } from '@transmute/contract';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { LARGE_INPUT_CHARACTERS, generateLargeInput } from '../../../fixtures/text/generate.js';
import { DEFAULT_CHUNK_TOKENS } from '../src/chunking/chunk-document.js';
import { createEngine } from '../src/index.js';
import { MARKDOWN } from './helpers.js';

describe('the 2 000 000-character input', () => {
  it('is generated deterministically at exactly the spec limit', () => {
    const text = generateLargeInput();
    expect(text).toHaveLength(LARGE_INPUT_CHARACTERS);
    expect(generateLargeInput(50_000)).toBe(generateLargeInput(50_000));
  });

  it('converts to every profile, every chunk within budget', { timeout: 300_000 }, async () => {
    const engine = createEngine();
    const prepared = await engine.prepare({ type: 'text', content: generateLargeInput() });
    const { document } = prepared;
    expect(document.text.length).toBeGreaterThan(1_900_000);
    expect(document.chunks.length).toBeGreaterThan(1000);
    for (const chunk of document.chunks)
      expect(countTokens(chunk.text, { disallowedSpecial: new Set() })).toBeLessThanOrEqual(
        DEFAULT_CHUNK_TOKENS,
      );
    for (const profile of OUTPUT_PROFILES) {
      const { artifacts } = await engine.render(document, { ...MARKDOWN, profile });
      expect(artifacts[0]?.sizeBytes).toBeGreaterThan(0);
    }
  });
});
