import { describe, expect, it } from 'vitest';
import type { Chunk } from '@transmute/plugin-sdk';
import { isContentWord, toWords } from './internal/words.js';
import { generateQuestions } from './generate-questions.js';
import { splitSentences } from './split-sentences.js';

const text =
  'Kafka is a distributed event store used by many teams. Brokers replicate partitions across the cluster.\n\nIt is fast. Consumers read partitions in order.';

function setup(english = true) {
  const sentences = splitSentences(text).map((span, index) => ({
    ...span,
    index,
    sectionIndex: 0,
    words: toWords(span.text).filter(isContentWord),
  }));
  const chunks: Chunk[] = [
    {
      id: 'c0',
      index: 0,
      text: text.slice(0, 104),
      tokens: 20,
      headingPath: ['Kafka'],
      startOffset: 0,
      endOffset: 104,
      provenance: {},
    },
    {
      id: 'c1',
      index: 1,
      text: text.slice(106),
      tokens: 12,
      headingPath: ['Kafka'],
      startOffset: 106,
      endOffset: text.length,
      provenance: {},
    },
  ];
  return generateQuestions({
    text,
    chunks,
    sentences,
    ranked: sentences.map((s) => s.index),
    keywords: [{ term: 'partitions', count: 2, score: 2 }],
    headingOf: () => 'Kafka',
    english,
    questionAbout: (topic) => `About ${topic}?`,
    questionWhatIs: (subject, plural) => `What ${plural ? 'are' : 'is'} ${subject}?`,
  });
}

describe('generateQuestions', () => {
  it('asks about definitions with the predicate as a verbatim answer span', () => {
    const [first] = setup();
    expect(first).toMatchObject({
      question: 'What is Kafka?',
      answer: 'a distributed event store used by many teams',
      kind: 'definition',
    });
    expect(text.slice(first?.answerStart, first?.answerEnd)).toBe(first?.answer);
    expect(first?.chunk.id).toBe('c0');
  });

  it('grounds every answer in the chunk that contains it and never asks a question twice', () => {
    const questions = setup();
    for (const qa of questions) {
      expect(text.slice(qa.answerStart, qa.answerEnd)).toBe(qa.answer);
      expect(qa.chunk.text).toContain(qa.answer);
      expect(qa.chunk.startOffset).toBeLessThanOrEqual(qa.answerStart);
      expect(qa.chunk.endOffset).toBeGreaterThanOrEqual(qa.answerEnd);
    }
    expect(new Set(questions.map((qa) => qa.question)).size).toBe(questions.length);
    expect(questions.map((qa) => qa.question)).toContain('About partitions?');
    expect(questions.some((qa) => qa.context === 'It is fast.')).toBe(false);
  });

  it('uses only topic questions for content that is not English', () => {
    expect(setup(false).every((qa) => qa.kind === 'topic')).toBe(true);
  });
});
