import { countTextTokens as countTokens } from '../chunking/token-pieces.js';
import type { Chunk } from '@transmute/plugin-sdk';
import { code, joinBlocks, oneLine } from './internal/markdown.js';
import {
  describeCitation,
  toJsonLines,
  type ProfileContext,
  type ProfileParts,
} from './internal/profile-context.js';
import { locate, toProvenanceFields } from './internal/provenance-fields.js';
import { describeData } from './internal/describe-data.js';
import { sourceFacts } from './internal/source-facts.js';

/** The default token budget of a context pack (CONTRACT §13). */
export const DEFAULT_CONTEXT_BUDGET = 8000;

/** Below this many tokens left, no excerpt (header and text) can fit. */
const MIN_EXCERPT_TOKENS = 24;

/**
 * `agent_context`: a token-budgeted context pack (summary, key facts, then the most useful chunks
 * with citation ids) whose markdown never exceeds the budget as counted by gpt-tokenizer; one JSONL
 * record per included chunk; zip: context.md, context.jsonl.
 */
export function renderAgentContext(ctx: ProfileContext, budget = DEFAULT_CONTEXT_BUDGET): ProfileParts {
  const { labels } = ctx;
  const summary = ctx.summary();
  const facts = sourceFacts(ctx).map((fact) => `- **${fact.label}:** ${oneLine(fact.shown)}`);
  const keyPoints = summary.keyPoints.map((sentence) => `- ${oneLine(sentence.text)}`);
  const head = joinBlocks([
    `# ${labels.contextPack}: ${oneLine(ctx.title)}`,
    `${labels.budget}: ${budget} (gpt-tokenizer o200k_base).`,
    `## ${labels.summary}`,
    summary.summary.length === 0
      ? describeData(ctx).join(' ') || labels.noSummary
      : summary.summary.map((s) => oneLine(s.text)).join(' '),
    `## ${labels.keyFacts}`,
    [...facts, ...keyPoints].join('\n'),
    `## ${labels.excerpts}`,
  ]);
  const { included, markdown } = packExcerpts(ctx, head, budget);
  if (included.length < ctx.document.chunks.length) {
    ctx.warn(
      'context_truncated',
      `The context pack holds ${included.length} of ${ctx.document.chunks.length} chunks within the budget of ${budget} tokens.`,
    );
  }
  let cursor = 0;
  const records = included.map((entry) => {
    // Each excerpt is its header, then the chunk's text verbatim.
    const header = locate(markdown, excerptHeader(entry.chunk, ctx), cursor);
    const span = locate(markdown, entry.chunk.text, header?.end ?? cursor);
    cursor = span?.end ?? cursor;
    return {
      rank: entry.rank,
      citation_id: entry.chunk.id,
      chunk_index: entry.chunk.index,
      score: entry.score,
      tokens: entry.chunk.tokens,
      heading_path: entry.chunk.headingPath,
      text: entry.chunk.text,
      ...toProvenanceFields(ctx.document, [entry.chunk.provenance], span),
    };
  });
  return {
    markdown,
    records,
    files: [
      { name: 'context.md', mediaType: 'text/markdown', content: markdown },
      { name: 'context.jsonl', mediaType: 'application/x-ndjson', content: toJsonLines(records) },
    ],
  };
}

type Included = { chunk: Chunk; score: number; rank: number; tokens: number };

/** Adds the most useful excerpts that fit the budget, then checks the whole pack's exact count. */
function packExcerpts(
  ctx: ProfileContext,
  head: string,
  budget: number,
): { included: Included[]; markdown: string } {
  const ranked = rankChunks(ctx);
  const included: Included[] = [];
  let used = countTokens(head);
  if (used > budget)
    ctx.warn(
      'context_budget_exceeded',
      `The summary and key facts alone take ${used} tokens, more than the budget of ${budget}; no excerpt fits.`,
    );
  for (const entry of ranked) {
    if (budget - used < MIN_EXCERPT_TOKENS) break;
    // The chunk's own token count (same tokenizer) plus its header and the blank lines around it;
    // tokenizing every chunk again would cost seconds on large documents. The whole pack is
    // counted exactly below.
    const tokens = countTokens(`\n${excerptHeader(entry.chunk, ctx)}\n\n`) + entry.chunk.tokens + 1;
    if (used + tokens > budget) continue;
    used += tokens;
    included.push({ ...entry, rank: included.length + 1, tokens });
  }
  const body = included.map((entry) => excerpt(entry.chunk, ctx));
  let markdown = joinBlocks([head, ...body]);
  // Token boundaries can shift where blocks meet: drop the last excerpts until the whole fits.
  while (included.length > 0 && countTokens(markdown) > budget) {
    included.pop();
    body.pop();
    markdown = joinBlocks([head, ...body]);
  }
  return { included, markdown };
}

function excerptHeader(chunk: Chunk, ctx: ProfileContext): string {
  return `### ${code(chunk.id)}\n\n${ctx.labels.citation}: ${describeCitation(chunk, ctx.labels)}`;
}

function excerpt(chunk: Chunk, ctx: ProfileContext): string {
  return joinBlocks([excerptHeader(chunk, ctx), chunk.text]).trimEnd();
}

/**
 * Chunks by usefulness: the document's keywords they cover (weighted), the summary and key-point
 * sentences they hold, and a small bonus for the opening chunk; ties keep document order.
 */
function rankChunks(ctx: ProfileContext): { chunk: Chunk; score: number }[] {
  const summary = ctx.summary();
  const keywords = ctx.keywords();
  const key = [...summary.summary, ...summary.keyPoints];
  return ctx.document.chunks
    .map((chunk) => {
      const lower = chunk.text.toLowerCase();
      let score = 0;
      for (const keyword of keywords) if (lower.includes(keyword.term)) score += Math.log1p(keyword.count);
      for (const sentence of key)
        if (sentence.start >= chunk.startOffset && sentence.end <= chunk.endOffset) score += 3;
      if (chunk.index === 0) score += 1;
      return { chunk, score: Math.round(score * 1000) / 1000 };
    })
    .sort((a, b) => b.score - a.score || a.chunk.index - b.chunk.index);
}
