import type { Chunk } from '@transmute/plugin-sdk';
import type { EnrichmentProvider } from './enrichment-provider.js';
import { findCitation, type GroundedQuestion } from './generate-questions.js';

/** What the profiles hand to the provider helpers. */
export interface ProviderContext {
  provider: EnrichmentProvider;
  signal: AbortSignal;
  /** Called with the tokens of every completed request. */
  meter: (tokens: number) => void;
}

const MAX_PROMPT_CHARACTERS = 12_000;

/**
 * Asks the provider to turn the extractive summary sentences into a short abstract in `language`,
 * using nothing but those sentences.
 */
export async function polishSummary(
  context: ProviderContext,
  sentences: string[],
  language: string,
): Promise<string> {
  const response = await context.provider.complete({
    system:
      'You rewrite extracted sentences into a concise, faithful summary. Use only facts stated in the sentences. ' +
      `Write in the language with BCP 47 tag "${language}". Answer with the summary text only.`,
    prompt: sentences.join('\n').slice(0, MAX_PROMPT_CHARACTERS),
    maxTokens: 400,
    signal: context.signal,
  });
  context.meter(response.totalTokens);
  const text = response.text.trim();
  if (text === '') throw new Error('the provider returned an empty summary');
  return text;
}

/**
 * Asks the provider for question/answer pairs about the given chunks and keeps only those whose
 * answer is a verbatim span of `text` inside a chunk that contains it (grounding is checked here,
 * never trusted).
 */
export async function generateModelQuestions(
  context: ProviderContext,
  input: { text: string; chunks: Chunk[]; language: string; limit: number },
): Promise<{ questions: GroundedQuestion[]; rejected: number }> {
  let excerpt = '';
  for (const chunk of input.chunks) {
    if (excerpt.length + chunk.text.length > MAX_PROMPT_CHARACTERS) break;
    excerpt += `${chunk.text}\n\n`;
  }
  const response = await context.provider.complete({
    system:
      `Write up to ${input.limit} question/answer pairs for retrieval evaluation about the text. ` +
      'Each answer MUST be copied verbatim from the text (an exact substring, no changes). ' +
      `Write questions in the language with BCP 47 tag "${input.language}". ` +
      'Answer with a JSON array of objects {"question": string, "answer": string} and nothing else.',
    prompt: excerpt,
    maxTokens: 1200,
    signal: context.signal,
  });
  context.meter(response.totalTokens);
  const pairs = parsePairs(response.text);
  const questions: GroundedQuestion[] = [];
  let rejected = 0;
  for (const pair of pairs.slice(0, input.limit)) {
    const start = input.text.indexOf(pair.answer);
    const chunk =
      start < 0 ? undefined : findCitation(input.chunks, start, start + pair.answer.length, pair.answer);
    if (chunk === undefined || pair.answer.trim().length < 2) {
      rejected += 1;
      continue;
    }
    questions.push({
      question: pair.question,
      answer: pair.answer,
      answerStart: start,
      answerEnd: start + pair.answer.length,
      context: pair.answer,
      kind: 'model',
      chunk,
    });
  }
  return { questions, rejected: rejected + Math.max(0, pairs.length - input.limit) };
}

function parsePairs(text: string): { question: string; answer: string }[] {
  const start = text.indexOf('[');
  const end = text.lastIndexOf(']');
  if (start < 0 || end <= start) throw new Error('the provider did not return a JSON array');
  const parsed = JSON.parse(text.slice(start, end + 1)) as unknown;
  if (!Array.isArray(parsed)) throw new Error('the provider did not return a JSON array');
  return parsed.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { question, answer } = entry as Record<string, unknown>;
    return typeof question === 'string' && typeof answer === 'string' && question.trim() !== ''
      ? [{ question: question.trim(), answer }]
      : [];
  });
}
