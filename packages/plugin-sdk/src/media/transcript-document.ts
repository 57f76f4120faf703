import type { Paragraph, Root } from 'mdast';
import type { ExtractedDocument, Provenance } from '../document.js';
import type { SourceFile } from '../plugin-types.js';
import type { TranscriptSegment } from './transcription/transcriber.js';

/** Options of {@link toTranscriptRoot}. */
export interface TranscriptRootOptions {
  fileId?: string;
  /** A heading above the transcript (e.g. the file name). */
  title: string;
}

/**
 * Turns recognized segments into the document model: one paragraph per segment, each carrying
 * its time range and confidence as provenance, so every profile can cite times.
 */
export function toTranscriptRoot(segments: TranscriptSegment[], options: TranscriptRootOptions): Root {
  const paragraphs: Paragraph[] = segments.map((segment) => {
    const provenance: Provenance = {
      timeStart: round(segment.start),
      timeEnd: round(Math.max(segment.start, segment.end)),
      confidence: round(segment.confidence),
    };
    if (options.fileId !== undefined) provenance.fileId = options.fileId;
    return { type: 'paragraph', children: [{ type: 'text', value: segment.text }], data: { provenance } };
  });
  return {
    type: 'root',
    children: [
      { type: 'heading', depth: 1, children: [{ type: 'text', value: options.title }] },
      ...paragraphs,
    ],
  };
}

/** Mean confidence of segments weighted by duration (0 when there is nothing). */
export function meanConfidence(segments: TranscriptSegment[]): number {
  let weight = 0;
  let sum = 0;
  for (const s of segments) {
    const w = Math.max(0.01, s.end - s.start);
    weight += w;
    sum += w * s.confidence;
  }
  return weight === 0 ? 0 : sum / weight;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/**
 * The extracted document of a media file: the transcript, with the file's facts and duration
 * in the metadata (shared by the audio and video sources).
 */
export function toTranscriptDocument(
  segments: TranscriptSegment[],
  file: SourceFile,
  media: { durationSeconds: number; facts: Record<string, string | number> },
): ExtractedDocument {
  return {
    root: toTranscriptRoot(segments, { title: file.name, ...(file.fileId ? { fileId: file.fileId } : {}) }),
    metadata: {
      title: file.name,
      mediaType: file.mediaType,
      sizeBytes: file.sizeBytes,
      durationSeconds: media.durationSeconds,
      facts: media.facts,
    },
  };
}

/** Media minutes of a duration, as metered (`media_minutes`, three decimals). */
export function toMediaMinutes(durationSeconds: number): number {
  return Math.round((durationSeconds / 60) * 1000) / 1000;
}
