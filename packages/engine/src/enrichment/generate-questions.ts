import type { Chunk } from '@transmute/plugin-sdk';
import type { AnalyzedSentence } from './analyze-document.js';
import type { Keyword } from './extract-keywords.js';

/** A question whose answer is a verbatim span of the document text, cited by its chunk. */
export interface GroundedQuestion {
  question: string;
  answer: string;
  /** Offsets of the answer in `document.text`. */
  answerStart: number;
  answerEnd: number;
  /** The sentence the answer comes from. */
  context: string;
  kind: 'definition' | 'topic' | 'model';
  chunk: Chunk;
}

/** Options of {@link generateQuestions}. */
export interface GenerateQuestionsOptions {
  text: string;
  chunks: Chunk[];
  sentences: AnalyzedSentence[];
  /** Sentence indexes, most central first. */
  ranked: number[];
  keywords: Keyword[];
  /** Heading of each sentence's section (by section index). */
  headingOf: (sectionIndex: number) => string | null;
  /** Whether the content is English (definition questions need English grammar). */
  english: boolean;
  questionAbout: (topic: string) => string;
  questionWhatIs: (subject: string, plural: boolean, past: boolean) => string;
  limit?: number;
}

const DEFINITION = /^([^,;:()"“”]{2,80}?)\s(is|are|was|were)\s(\S.{2,})$/s;
const NOT_SUBJECTS = new Set([
  'it',
  'this',
  'that',
  'these',
  'those',
  'they',
  'he',
  'she',
  'there',
  'here',
  'we',
  'i',
  'you',
  'which',
  'who',
  'what',
  'each',
  'all',
  'some',
  'one',
  'its',
  'our',
  'their',
  'his',
  'her',
  'when',
  'if',
  'so',
]);

/**
 * Builds question/answer pairs from the most central sentences: "What is X?" from English
 * definitions (the answer is the predicate span), otherwise a question about the sentence's
 * main keyword (the answer is the whole sentence). Every answer is a slice of `text` and is
 * cited by a chunk whose text contains it; sentences no chunk contains are skipped.
 */
export function generateQuestions(options: GenerateQuestionsOptions): GroundedQuestion[] {
  const limit = options.limit ?? 20;
  const questions: GroundedQuestion[] = [];
  const asked = new Set<string>();
  for (const index of options.ranked) {
    if (questions.length >= limit) break;
    const sentence = options.sentences[index];
    // Fragments ("It is fast.") make poor questions.
    if (sentence === undefined || sentence.text.length < 20 || sentence.words.length < 3) continue;
    const candidate =
      (options.english ? definitionOf(sentence, options) : undefined) ?? topicOf(sentence, options, asked);
    if (candidate === undefined || asked.has(candidate.question.toLowerCase())) continue;
    const answer = options.text.slice(candidate.answerStart, candidate.answerEnd);
    const chunk = findCitation(options.chunks, candidate.answerStart, candidate.answerEnd, answer);
    if (chunk === undefined) continue;
    asked.add(candidate.question.toLowerCase());
    questions.push({ ...candidate, answer, context: sentence.text, chunk });
  }
  return questions.sort((a, b) => a.answerStart - b.answerStart || a.answerEnd - b.answerEnd);
}

type Candidate = Pick<GroundedQuestion, 'question' | 'answerStart' | 'answerEnd' | 'kind'>;

function definitionOf(sentence: AnalyzedSentence, options: GenerateQuestionsOptions): Candidate | undefined {
  const body = sentence.text.replace(/(?<![.!?…])[.!?…]+["'”’)\]]*$/u, '');
  const match = DEFINITION.exec(body);
  if (match === null) return undefined;
  const subject = (match[1] ?? '').trim();
  const verb = match[2] ?? 'is';
  const predicate = (match[3] ?? '').trim();
  const firstWord = (subject.split(/\s+/)[0] ?? '').toLowerCase();
  if (NOT_SUBJECTS.has(firstWord) || subject.split(/\s+/).length > 8 || predicate.length < 3)
    return undefined;
  const offset = body.lastIndexOf(predicate);
  if (offset < 0) return undefined;
  const shownSubject = lowerInitial(subject, options.text);
  return {
    question: options.questionWhatIs(
      shownSubject.replace(/\s+/g, ' '),
      verb === 'are' || verb === 'were',
      verb === 'was' || verb === 'were',
    ),
    answerStart: sentence.start + offset,
    answerEnd: sentence.start + offset + predicate.length,
    kind: 'definition',
  };
}

function topicOf(
  sentence: AnalyzedSentence,
  options: GenerateQuestionsOptions,
  asked: Set<string>,
): Candidate | undefined {
  const lower = sentence.text.toLowerCase();
  const keywords = options.keywords.map((entry) => entry.term).filter((term) => lower.includes(term));
  const longest = [...new Set(sentence.words)].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  const heading = options.headingOf(sentence.sectionIndex);
  const topic = heading?.replace(/[\s?!.:;,]+$/u, '');
  const written = (term: string): string => asWritten(term, sentence.text, lower);
  const topics = [...keywords.map(written), ...(topic ? [topic] : []), ...longest.slice(0, 3).map(written)];
  const chosen = topics.find((entry) => !asked.has(options.questionAbout(entry).toLowerCase()));
  if (chosen === undefined) return undefined;
  return {
    question: options.questionAbout(chosen),
    answerStart: sentence.start,
    answerEnd: sentence.end,
    kind: 'topic',
  };
}

/** The first chunk whose span covers [start, end) and whose text contains the answer. */
export function findCitation(chunks: Chunk[], start: number, end: number, answer: string): Chunk | undefined {
  const covering = chunks.find(
    (chunk) => chunk.startOffset <= start && end <= chunk.endOffset && chunk.text.includes(answer),
  );
  return (
    covering ??
    chunks.find((chunk) => chunk.startOffset < end && start < chunk.endOffset && chunk.text.includes(answer))
  );
}

/** "The engine" → "the engine", "Blobs" → "blobs" when the word also occurs in lower case; names stay. */
function lowerInitial(subject: string, text: string): string {
  const first = subject.split(/\s+/)[0] ?? '';
  const lowered = first.charAt(0).toLowerCase() + first.slice(1);
  if (first === lowered || /\p{Lu}/u.test(first.slice(1))) return subject;
  const common =
    /^(the|a|an)$/i.test(first) || new RegExp(`(^|[^\\p{L}])${escape(lowered)}([^\\p{L}]|$)`, 'u').test(text);
  return common ? lowered + subject.slice(first.length) : subject;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A lower-cased term as the sentence writes it mid-sentence ("Nachtzüge", "PostgreSQL"). */
function asWritten(term: string, text: string, lower: string): string {
  const at = lower.indexOf(term);
  // Sentence-initial capitals say nothing about the word; other casing is meaningful.
  if (at <= 0 || lower.length !== text.length) return term;
  return text.slice(at, at + term.length);
}
