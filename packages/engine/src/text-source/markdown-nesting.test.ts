import { describe, expect, it } from 'vitest';
import { createEngine } from '../create-engine.js';
import { isTooDeeplyNested } from './markdown-nesting.js';

describe('pathological markdown', () => {
  it('flags container nesting past the limit on any line, and nothing in ordinary markdown', () => {
    expect(isTooDeeplyNested('> '.repeat(65))).toBe(true);
    expect(isTooDeeplyNested(`# Title\n\n${'- '.repeat(80)}item`)).toBe(true);
    expect(isTooDeeplyNested('> quote\n> > nested\n\n- a\n  - b\n    - c\n\n* * *\n')).toBe(false);
    expect(isTooDeeplyNested(`text ${'> '.repeat(200)}`)).toBe(false);
  });

  it.each([
    ['a 1 MB line of "> "', '> '.repeat(500_000) + 'quoted'],
    ['a 1 MB line of "- "', '- '.repeat(500_000) + 'listed'],
    ['2 MB of one letter', 'é'.repeat(2_000_000)],
    ['2 MB of "!"', '!'.repeat(2_000_000)],
    ['a 2 MB whitespace run', ' '.repeat(1_999_000) + 'word'],
  ])('converts %s without hanging, keeping its text', async (_name, content) => {
    const engine = createEngine();
    const result = await engine.convert(
      { type: 'text', content },
      { profile: 'agent_context', format: 'markdown', language: 'en', includeRawSource: false },
    );
    expect(result.document.text.length).toBeGreaterThan(0);
    expect(result.document.chunks.length).toBeGreaterThan(0);
  });
});
