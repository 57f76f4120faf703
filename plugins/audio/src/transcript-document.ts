import type { Paragraph, Root } from 'mdast';
import type { Provenance } from '@transmute/plugin-sdk';
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
