import type { ExtractedDocument } from '@transmute/plugin-sdk';
import { readSubtitleCues, toTranscriptRoot } from '@transmute/plugin-sdk/media';

/**
 * A subtitle file (SubRip `.srt`, WebVTT `.vtt`) as the transcript it is, in the shape the audio
 * and video sources give theirs: the file's name as the heading, a paragraph per cue with its time
 * range as provenance, a `<v Speaker>` voice as `Speaker: `; cue numbers, timings, settings, comments,
 * styles and markup left out. `format` names the dialect in the facts.
 *
 * @example
 * parseSubtitles('1\n00:00:01,000 --> 00:00:02,000\nHello.\n', 'a.srt', 'srt').root.children[1];
 * // { type: 'paragraph', children: [{ type: 'text', value: 'Hello.' }], data: { provenance: { timeStart: 1, … } } }
 */
export function parseSubtitles(content: string, name: string, format: 'srt' | 'vtt'): ExtractedDocument {
  const segments = readSubtitleCues(content);
  if (segments.length === 0) return { root: { type: 'root', children: [] }, metadata: {} };
  return {
    root: toTranscriptRoot(segments, { title: name }),
    metadata: {
      title: name,
      durationSeconds: segments.reduce((longest, segment) => Math.max(longest, segment.end), 0),
      facts: { subtitle_format: format, cues: segments.length },
    },
  };
}
