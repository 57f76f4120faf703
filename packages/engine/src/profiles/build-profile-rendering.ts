import type { UsageUnit } from '@transmute/contract';
import type { NormalizedDocument, ProfileRendering } from '@transmute/plugin-sdk';
import type { OutputRequest } from '../engine-types.js';
import { analyzeDocument } from '../enrichment/analyze-document.js';
import type { EnrichmentProvider } from '../enrichment/enrichment-provider.js';
import { extractKeywords, type Keyword } from '../enrichment/extract-keywords.js';
import { summarizeDocument, type DocumentSummary } from '../enrichment/summarize-document.js';
import { fenced, joinBlocks } from './internal/markdown.js';
import type { ProfileContext, ProfileParts } from './internal/profile-context.js';
import { locate, toProvenanceFields } from './internal/provenance-fields.js';
import { getLabels, toPrimaryLanguage } from './labels.js';
import { renderAgentContext } from './render-agent-context.js';
import { renderDatasetMarkdown } from './render-dataset-markdown.js';
import { renderEvaluation } from './render-evaluation.js';
import { renderRawSource } from './render-raw-source.js';
import { renderSchemaPlan } from './render-schema-plan.js';
import { renderSourceSummary } from './render-source-summary.js';

/** What the engine gives the profile builder besides the document and the output request. */
export interface ProfileRenderingContext {
  signal: AbortSignal;
  /** The operator's model provider, when configured. */
  enrichment?: EnrichmentProvider;
  meter(unit: UsageUnit, quantity: number): void;
  warn(code: string, detail: string): void;
}

/**
 * Computes one profile (CONTRACT §13) in every shape its formats need: the markdown document,
 * the JSONL records and the zip's files. Deterministic: the same document and request give
 * byte-identical results (no clock, no randomness). Warnings are returned in
 * `rendering.warnings` (and not also sent to `ctx.warn`, so they are reported once).
 *
 * @example
 * const rendering = await buildProfileRendering(document, { profile: 'source_summary', format: 'markdown', language: 'en', includeRawSource: false }, ctx);
 * await writeFile('summary.md', rendering.markdown);
 */
export async function buildProfileRendering(
  document: NormalizedDocument,
  output: OutputRequest,
  ctx: ProfileRenderingContext,
): Promise<ProfileRendering> {
  ctx.signal.throwIfAborted();
  const warnings: string[] = [];
  const profileContext = createProfileContext(document, output, ctx, warnings);
  const parts = await renderParts(profileContext);
  ctx.signal.throwIfAborted();
  const withRaw = output.includeRawSource ? addRawSource(parts, document.text, profileContext) : parts;
  return { profile: output.profile, ...withRaw, warnings };
}

async function renderParts(ctx: ProfileContext): Promise<ProfileParts> {
  const profile = ctx.output.profile;
  switch (profile) {
    case 'raw_source':
      return renderRawSource(ctx);
    case 'source_summary':
      return renderSourceSummary(ctx);
    case 'dataset_markdown':
      return renderDatasetMarkdown(ctx);
    case 'schema_plan':
      return renderSchemaPlan(ctx);
    case 'agent_context':
      return renderAgentContext(ctx);
    case 'evaluation_markdown':
      return renderEvaluation(ctx);
  }
}

function createProfileContext(
  document: NormalizedDocument,
  output: OutputRequest,
  ctx: ProfileRenderingContext,
  warnings: string[],
): ProfileContext {
  const warn = (code: string, detail: string): void => {
    const line = `${code}: ${detail}`;
    if (!warnings.includes(line)) warnings.push(line);
  };
  const requested = toPrimaryLanguage(output.language);
  const found = getLabels(output.language);
  if (found === undefined) {
    warn(
      'language_unsupported',
      `Labels are not available in "${output.language}"; the output is labelled in English.`,
    );
  }
  const labels = found ?? getLabels('en');
  if (labels === undefined) throw new Error('English labels are missing');
  const declared = document.metadata.language;
  const contentLanguage =
    declared === undefined || declared === '' || declared === 'und' ? undefined : toPrimaryLanguage(declared);
  if (contentLanguage !== undefined && contentLanguage !== requested && ctx.enrichment === undefined) {
    warn(
      'language_mismatch',
      `The content is in "${contentLanguage}" but the output was requested in "${output.language}"; labels and headings are in the requested language, the content is not translated because no translation provider is configured. Ask for language "${contentLanguage}" (output.language, --language) to label it in the content's language.`,
    );
  }
  const analysis = analyzeDocument(document);
  let summary: DocumentSummary | undefined;
  let keywords: Keyword[] | undefined;
  return {
    document,
    output,
    labels,
    labelLanguage: found === undefined ? 'en' : requested,
    contentLanguage,
    analysis,
    title: analysis.title ?? labels.untitled,
    summary: () => (summary ??= summarizeDocument(analysis)),
    keywords: () => (keywords ??= keywordsOf(document)),
    provider:
      ctx.enrichment === undefined
        ? undefined
        : {
            provider: ctx.enrichment,
            signal: ctx.signal,
            meter: (tokens) => ctx.meter('enrichment_tokens', tokens),
          },
    warn,
  };
}

/**
 * `include_raw_source` (CONTRACT §13): the raw extracted text after the markdown and as a last
 * JSONL record. The zip's files stay as they are: for zip the renderer adds the original files.
 */
function addRawSource(parts: ProfileParts, text: string, ctx: ProfileContext): ProfileParts {
  const markdown = joinBlocks([parts.markdown, `## ${ctx.labels.rawSource}`, fenced(text, 'text')]);
  // The whole document is the piece: its text sits verbatim in the last fence.
  const heading = locate(markdown, `\n## ${ctx.labels.rawSource}\n`, parts.markdown.length - 1);
  const span = locate(markdown, text, heading?.end ?? 0);
  const provenance = (ctx.document.blocks ?? []).map((block) => block.provenance);
  const record = { type: 'raw_source', text, ...toProvenanceFields(ctx.document, provenance, span) };
  return { markdown, records: [...parts.records, record], files: parts.files };
}

/**
 * Keywords come from the prose blocks (code and tables make poor keywords); a source that is only
 * data gets single-word keywords from its values (phrases across cells mean nothing).
 */
function keywordsOf(document: NormalizedDocument): Keyword[] {
  const blocks = document.blocks;
  if (blocks === undefined) return extractKeywords(document.text);
  const slice = (types: Set<string>): string =>
    blocks
      .filter((block) => !types.has(block.type))
      .map((block) => document.text.slice(block.startOffset, block.endOffset))
      .join('\n\n');
  const prose = slice(new Set(['code', 'table', 'html']));
  if (/\p{L}{3}/u.test(prose)) return extractKeywords(prose);
  return extractKeywords(slice(new Set(['code'])), 10, { phrases: false });
}
