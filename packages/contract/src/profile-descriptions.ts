import { OUTPUT_PROFILES } from './enums.js';
import { DEFAULT_OUTPUT_PROFILE } from './output-defaults.js';
import type { OutputProfile } from './wire-types.js';

/** What one output profile is for and what each format of it holds (CONTRACT §13). */
export interface OutputProfileDescription {
  /** One sentence: what the profile is for. */
  purpose: string;
  markdown: string;
  jsonl: string;
  zip: string;
}

/**
 * The six output profiles (CONTRACT §13), the one place they are described: the docs, capabilities
 * and the OpenAPI enum read them from here. Typed by the profile list, so a new profile without a
 * description does not compile.
 */
export const OUTPUT_PROFILE_DESCRIPTIONS = {
  raw_source: {
    purpose:
      'The extracted content itself, faithful to the source: for reading, indexing or your own processing.',
    markdown:
      "The extracted content, faithful, as CommonMark + GFM tables (HTML tables where spans need them); a document's own title is its first heading.",
    jsonl: 'One record per block (`type`, `text`, `page`/`time`, `heading_path`).',
    zip: '`content.md`, `blocks.jsonl`, and the original files when `include_raw_source`.',
  },
  source_summary: {
    purpose: 'A quick understanding of a source: what it is, what it says, how it is organised.',
    markdown:
      'Title, source facts (type, size, language, words, reading time), extractive summary, key points, keywords, outline.',
    jsonl: 'One record per section with its summary.',
    zip: '`summary.md`, `summary.json`.',
  },
  dataset_markdown: {
    purpose: 'Retrieval-ready chunks for a RAG index or a dataset, each with its citation.',
    markdown:
      'The content as retrieval-ready chunks, each a section with id, heading path, token count, citation.',
    jsonl: 'One chunk per line (`id`, `text`, `tokens`, `heading_path`, `source`, `page`/`time`).',
    zip: '`dataset.jsonl`, `README.md` (datasheet), `schema.json`.',
  },
  schema_plan: {
    purpose: 'A plan to load the structured data of a source into a database.',
    markdown:
      'Tables and record-like structures found, their inferred columns (type, nullability, examples), and a proposed JSON Schema and SQL DDL.',
    jsonl: 'One record per inferred field.',
    zip: '`schema.json`, `schema.sql`, `plan.md`.',
  },
  agent_context: {
    purpose: "A context pack for an LLM agent's prompt, within a token budget.",
    markdown:
      'A token-budgeted context pack: summary, key facts, then the most useful chunks with citation ids, within a budget (default 8 000 tokens).',
    jsonl: 'One record per included chunk.',
    zip: '`context.md`, `context.jsonl`.',
  },
  evaluation_markdown: {
    purpose: 'A test set to evaluate retrieval or question answering over the source.',
    markdown:
      'Question/answer pairs grounded in the source, each with the answer span and citation, for retrieval evaluation.',
    jsonl: 'One QA pair per line.',
    zip: '`evaluation.md`, `evaluation.jsonl`.',
  },
} as const satisfies Record<OutputProfile, OutputProfileDescription>;

/** Each profile's purpose, keyed by profile: capabilities' `output_profile_descriptions`. */
export function outputProfilePurposes(): Record<OutputProfile, string> {
  const entries = OUTPUT_PROFILES.map((profile) => [profile, OUTPUT_PROFILE_DESCRIPTIONS[profile].purpose]);
  return Object.fromEntries(entries) as Record<OutputProfile, string>;
}

/** The OpenAPI description of the profile enum: one markdown line per profile, the default named. */
export function outputProfileEnumDescription(): string {
  const lines = OUTPUT_PROFILES.map(
    (profile) => `- \`${profile}\`: ${OUTPUT_PROFILE_DESCRIPTIONS[profile].purpose}`,
  );
  return [
    `Output profile: what to make of the source (surfaces default to \`${DEFAULT_OUTPUT_PROFILE}\`).`,
    ...lines,
  ].join('\n');
}
