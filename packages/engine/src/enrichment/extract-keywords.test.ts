import { describe, expect, it } from 'vitest';
import { extractKeywords } from './extract-keywords.js';

describe('extractKeywords', () => {
  it('ranks frequent content words and leaves out stop words and numbers', () => {
    const terms = extractKeywords(
      'The pipeline runs. The pipeline stores blobs. A pipeline has 42 stages and 42 workers.',
      3,
    ).map((k) => k.term);
    expect(terms[0]).toBe('pipeline');
    expect(terms).not.toContain('the');
    expect(terms).not.toContain('42');
  });

  it('keeps recurring two-word phrases and folds plurals into one term', () => {
    const keywords = extractKeywords(
      'Vector database tips. A vector database stores vectors. Each vector matters. Outputs and output.',
      5,
    );
    const terms = keywords.map((k) => k.term);
    expect(terms.slice(0, 2)).toEqual(['vector', 'vector database']);
    expect(keywords[1]?.count).toBe(2);
    expect(terms.filter((term) => term === 'output' || term === 'outputs')).toHaveLength(1);
    expect(terms).not.toContain('database');
  });

  it('returns nothing for text without content words', () => {
    expect(extractKeywords('a an the 12 34')).toEqual([]);
  });
});
