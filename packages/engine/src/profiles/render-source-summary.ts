import type { AnalyzedSentence } from '../enrichment/analyze-document.js';
import { polishSummary } from '../enrichment/enrich-with-provider.js';
import { joinBlocks, oneLine } from './internal/markdown.js';
import type { ProfileContext, ProfileParts } from './internal/profile-context.js';
import { blocksBetween, locate, toProvenanceFields } from './internal/provenance-fields.js';
import { describeData } from './internal/describe-data.js';
import { sourceFacts } from './internal/source-facts.js';

/**
 * `source_summary`: title, source facts, extractive summary (TextRank), key points, keywords and
 * outline; one JSONL record per section with its summary; zip: summary.md, summary.json.
 */
export async function renderSourceSummary(ctx: ProfileContext): Promise<ProfileParts> {
  const { labels, analysis } = ctx;
  const summary = ctx.summary();
  const keywords = ctx.keywords();
  const facts = sourceFacts(ctx);
  const abstract = await polish(ctx, summary.summary);
  // Data without prose (CSV, JSON records): describe the tables rather than say nothing.
  const data = summary.summary.length === 0 ? describeData(ctx) : [];
  const outline = analysis.sections.filter((section) => section.heading !== null);
  const minDepth = outline.reduce((min, section) => Math.min(min, section.depth), 6);
  const markdown = joinBlocks([
    `# ${oneLine(ctx.title)}`,
    `## ${labels.sourceFacts}`,
    facts.map((fact) => `- **${fact.label}:** ${oneLine(fact.shown)}`).join('\n'),
    `## ${labels.summary}`,
    abstract ??
      (summary.summary.length === 0
        ? data.join(' ') || labels.noSummary
        : summary.summary.map((s) => oneLine(s.text)).join(' ')),
    `## ${labels.keyPoints}`,
    summary.keyPoints.length === 0
      ? data.map((line) => `- ${line}`).join('\n') || labels.noSummary
      : summary.keyPoints.map((s) => `- ${oneLine(s.text)}`).join('\n'),
    `## ${labels.keywords}`,
    keywords.length === 0 ? '—' : keywords.map((keyword) => keyword.term).join(', '),
    `## ${labels.outline}`,
    outline.length === 0
      ? labels.noOutline
      : outline
          .map((section) => `${'  '.repeat(section.depth - minDepth)}- ${oneLine(section.heading ?? '')}`)
          .join('\n'),
  ]);
  const records = sectionRecords(ctx, markdown);
  const json = {
    title: ctx.title,
    language: ctx.labelLanguage,
    content_language: ctx.contentLanguage ?? null,
    facts: Object.fromEntries(facts.map((fact) => [fact.key, fact.value])),
    summary: summary.summary.map(toSpan),
    abstract: abstract ?? null,
    data_description: data,
    key_points: summary.keyPoints.map(toSpan),
    keywords: keywords.map((keyword) => ({ term: keyword.term, count: keyword.count, score: keyword.score })),
    outline: outline.map((section) => ({
      heading: section.heading,
      depth: section.depth,
      heading_path: section.headingPath,
    })),
    sections: records,
  };
  return {
    markdown,
    records,
    files: [
      { name: 'summary.md', mediaType: 'text/markdown', content: markdown },
      { name: 'summary.json', mediaType: 'application/json', content: `${JSON.stringify(json, null, 2)}\n` },
    ],
  };
}

/**
 * One record per section: its heading, place and summary sentences. Its piece in summary.md is
 * its heading in the outline (no offsets for a section without a heading, which is not listed).
 */
function sectionRecords(ctx: ProfileContext, markdown: string): Record<string, unknown>[] {
  const summary = ctx.summary();
  let cursor = locate(markdown, `\n## ${ctx.labels.outline}\n`, 0)?.end ?? markdown.length;
  return ctx.analysis.sections.map((section) => {
    const line =
      section.heading === null ? null : locate(markdown, `- ${oneLine(section.heading)}\n`, cursor);
    const span = line === null ? null : { start: line.start + 2, end: line.end - 1 };
    cursor = line?.end ?? cursor;
    const sentences = summary.sections.get(section.index) ?? [];
    return {
      index: section.index,
      heading: section.heading,
      depth: section.depth,
      heading_path: section.headingPath,
      summary: sentences.map((sentence) => sentence.text).join(' '),
      sentences: sentences.map(toSpan),
      words: section.words,
      ...toProvenanceFields(ctx.document, blocksBetween(ctx.document, section.start, section.end), span),
    };
  });
}

/** A sentence on the wire: its verbatim text and offsets in the document text. */
export function toSpan(sentence: AnalyzedSentence): {
  text: string;
  start_offset: number;
  end_offset: number;
} {
  return { text: sentence.text, start_offset: sentence.start, end_offset: sentence.end };
}

async function polish(ctx: ProfileContext, sentences: AnalyzedSentence[]): Promise<string | undefined> {
  if (ctx.provider === undefined || sentences.length === 0) return undefined;
  try {
    return await polishSummary(
      ctx.provider,
      sentences.map((sentence) => sentence.text),
      ctx.labelLanguage,
    );
  } catch (error) {
    if (ctx.provider.signal.aborted) throw error;
    ctx.warn(
      'enrichment_failed',
      `The enrichment provider could not polish the summary (${message(error)}); the extractive summary is shown.`,
    );
    return undefined;
  }
}

/** An error's message. */
export function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
