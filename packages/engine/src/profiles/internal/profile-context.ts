import type { Chunk, NormalizedDocument, Provenance } from '@transmute/plugin-sdk';
import type { OutputRequest } from '../../engine-types.js';
import type { DocumentAnalysis } from '../../enrichment/analyze-document.js';
import type { ProviderContext } from '../../enrichment/enrich-with-provider.js';
import type { Keyword } from '../../enrichment/extract-keywords.js';
import type { DocumentSummary } from '../../enrichment/summarize-document.js';
import type { Labels } from './labels/labels.js';

/** Everything a profile builder needs, with the shared analysis computed once. */
export interface ProfileContext {
  document: NormalizedDocument;
  output: OutputRequest;
  labels: Labels;
  /** The language the labels are in (the requested one, or `en` when unsupported). */
  labelLanguage: string;
  /** Primary subtag of the content's language, when known. */
  contentLanguage: string | undefined;
  analysis: DocumentAnalysis;
  title: string;
  summary: () => DocumentSummary;
  keywords: () => Keyword[];
  provider: ProviderContext | undefined;
  warn: (code: string, detail: string) => void;
}

/** What a profile builder returns (the caller adds profile, warnings and raw source). */
export interface ProfileParts {
  markdown: string;
  records: Record<string, unknown>[];
  files: { name: string; mediaType: string; content: string }[];
}

/** A page number or null. */
export function pageOf(provenance: Provenance): number | null {
  return provenance.page ?? null;
}

/** A time range `[start_s, end_s]` (end null when unknown) or null. */
export function timeOf(provenance: Provenance): [number, number | null] | null {
  return provenance.timeStart === undefined ? null : [provenance.timeStart, provenance.timeEnd ?? null];
}

/** The wire citation of a chunk. */
export function toCitation(chunk: Chunk): Record<string, unknown> {
  return {
    chunk_id: chunk.id,
    chunk_index: chunk.index,
    heading_path: chunk.headingPath,
    start_offset: chunk.startOffset,
    end_offset: chunk.endOffset,
    page: pageOf(chunk.provenance),
    time: timeOf(chunk.provenance),
  };
}

/** A citation for people: `[id] Heading › Path, characters 0–120, page 2`. */
export function describeCitation(chunk: Chunk, labels: Labels): string {
  const parts = [`[${chunk.id}]`];
  if (chunk.headingPath.length > 0) parts.push(`${chunk.headingPath.join(' › ')},`);
  parts.push(`${labels.characters} ${chunk.startOffset}–${chunk.endOffset}`);
  const page = pageOf(chunk.provenance);
  if (page !== null) parts.push(`, ${labels.page} ${page}`);
  const time = timeOf(chunk.provenance);
  if (time !== null) parts.push(`, ${labels.time} ${time[0]}–${time[1] ?? ''} s`);
  return parts.join(' ').replace(/ ,/g, ',');
}

/** JSONL lines of records (each ends with a newline). */
export function toJsonLines(records: Record<string, unknown>[]): string {
  return records.map((record) => `${JSON.stringify(record)}\n`).join('');
}
