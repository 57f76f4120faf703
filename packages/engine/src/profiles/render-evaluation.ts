import { generateModelQuestions } from '../enrichment/enrich-with-provider.js';
import { generateQuestions, type GroundedQuestion } from '../enrichment/generate-questions.js';
import { joinBlocks, oneLine } from './internal/markdown.js';
import { blocksBetween, locate, toProvenanceFields } from './internal/provenance-fields.js';
import {
  describeCitation,
  toCitation,
  toJsonLines,
  type ProfileContext,
  type ProfileParts,
} from './internal/profile-context.js';
import { message } from './render-source-summary.js';

const MAX_QUESTIONS = 20;

/**
 * `evaluation_markdown`: question/answer pairs grounded in the source for retrieval evaluation;
 * each answer is a verbatim span of the document text and cites the chunk that contains it. One
 * QA pair per JSONL line; zip: evaluation.md, evaluation.jsonl.
 */
export async function renderEvaluation(ctx: ProfileContext): Promise<ProfileParts> {
  const { labels, analysis, document } = ctx;
  const summary = ctx.summary();
  const questions = generateQuestions({
    text: document.text,
    chunks: document.chunks,
    sentences: analysis.sentences,
    ranked: summary.ranked,
    keywords: ctx.keywords(),
    headingOf: (index) => analysis.sections[index]?.heading ?? null,
    english: ctx.contentLanguage === undefined || ctx.contentLanguage === 'en',
    questionAbout: labels.questionAbout,
    questionWhatIs: labels.questionWhatIs,
    limit: MAX_QUESTIONS,
  });
  const all = [...questions, ...(await modelQuestions(ctx, questions))];
  const answerLines = all.map((qa) => `- **${labels.answer}:** ${oneLine(qa.answer)}`);
  const markdown = joinBlocks([
    `# ${labels.evaluationSet}: ${oneLine(ctx.title)}`,
    all.length === 0 ? labels.noQuestions : '',
    ...all.map((qa, index) =>
      joinBlocks([
        `## ${index + 1}. ${oneLine(qa.question)}`,
        [
          answerLines[index] ?? '',
          `- **${labels.citation}:** ${describeCitation(qa.chunk, labels)}`,
          `- **${labels.context}:** ${oneLine(qa.context)}`,
        ].join('\n'),
      ]),
    ),
  ]);
  let cursor = 0;
  const records = all.map((qa, index) => {
    // The item's piece is its answer: the answer line shows it on one line (whitespace collapsed).
    const line = locate(markdown, answerLines[index] ?? '', cursor);
    const answer = oneLine(qa.answer);
    const span = line === null ? null : { start: line.end - answer.length, end: line.end };
    cursor = line?.end ?? cursor;
    return {
      ...toRecord(qa, index),
      ...toProvenanceFields(document, blocksBetween(document, qa.answerStart, qa.answerEnd), span),
    };
  });
  return {
    markdown,
    records,
    files: [
      { name: 'evaluation.md', mediaType: 'text/markdown', content: markdown },
      { name: 'evaluation.jsonl', mediaType: 'application/x-ndjson', content: toJsonLines(records) },
    ],
  };
}

function toRecord(qa: GroundedQuestion, index: number): Record<string, unknown> {
  return {
    id: `qa_${String(index + 1).padStart(3, '0')}`,
    question: qa.question,
    answer: qa.answer,
    answer_start: qa.answerStart,
    answer_end: qa.answerEnd,
    context: qa.context,
    kind: qa.kind,
    citation: toCitation(qa.chunk),
  };
}

async function modelQuestions(
  ctx: ProfileContext,
  extractive: GroundedQuestion[],
): Promise<GroundedQuestion[]> {
  if (ctx.provider === undefined || ctx.document.chunks.length === 0) return [];
  try {
    const result = await generateModelQuestions(ctx.provider, {
      text: ctx.document.text,
      chunks: ctx.document.chunks,
      language: ctx.labelLanguage,
      limit: 10,
    });
    if (result.rejected > 0) {
      ctx.warn(
        'enrichment_ungrounded',
        `${result.rejected} model-written answers were dropped because they are not verbatim spans of the source.`,
      );
    }
    const asked = new Set(extractive.map((qa) => qa.question));
    return result.questions.filter((qa) => !asked.has(qa.question));
  } catch (error) {
    if (ctx.provider.signal.aborted) throw error;
    ctx.warn(
      'enrichment_failed',
      `The enrichment provider could not write extra questions (${message(error)}); only extractive questions are included.`,
    );
    return [];
  }
}
