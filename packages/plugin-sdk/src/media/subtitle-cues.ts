import type { TranscriptSegment } from './transcription/transcriber.js';

/** `00:01:02,500`, `01:02.500` or `1:02:03.5`: hours optional, `,` (SubRip) or `.` (WebVTT) before the fraction. */
const TIME = String.raw`(?:(\d+):)?(\d{1,2}):(\d{1,2})[,.](\d{1,3})`;
/** A cue's timing line: start `-->` end, then WebVTT's cue settings (`align:start`), ignored. */
const TIMING = new RegExp(String.raw`^\s*${TIME}\s*-->\s*${TIME}(?:\s.*)?$`);
/** WebVTT blocks that are not cues: comments, style sheets, regions. */
const NOT_A_CUE = /^(?:NOTE|STYLE|REGION)(?:\s|$)/;
/** A WebVTT voice span's opening tag: `<v Roger>` or `<v.loud Roger Bingham>`. */
const VOICE = /^<v(?:\.[\w.-]+)?\s+([^>]+)>/;
/** Markup inside cue text: `<i>`, `<c.yellow>`, `<00:01.500>` karaoke stamps, SubRip's `{\an8}`. */
const CUE_MARKUP = /<[^>]*>|\{\\[^}]*\}/g;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', nbsp: ' ', lrm: '', rlm: '' };

function seconds(match: RegExpExecArray, from: number): number {
  const [hours = '0', minutes = '0', secs = '0', fraction = '0'] = match.slice(from, from + 4);
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(secs) + Number(`0.${fraction}`);
}

/** A cue's lines as a reader sees them: markup dropped, entities decoded, a voice as `Name: `. */
function cueLines(lines: readonly string[]): string[] {
  return lines
    .map((line) => {
      const voice = VOICE.exec(line)?.[1]?.trim();
      const text = line
        .replace(CUE_MARKUP, '')
        .replace(/&(amp|lt|gt|nbsp|lrm|rlm);/g, (_, name: string) => ENTITIES[name] ?? '')
        .replace(/\s+/g, ' ')
        .trim();
      return voice !== undefined && text !== '' ? `${voice}: ${text}` : text;
    })
    .filter((line) => line !== '');
}

/** Roll-up captions show two to four lines; a longer repeat is not looked for (a cue is bounded work). */
const MAXIMUM_ROLLED_LINES = 4;

/**
 * Lines a cue repeats from the one before: captions that roll up (YouTube's, a live captioner's)
 * show the previous line again above the new one. The longest run (up to four lines) of the previous
 * cue's last lines that opens this cue is dropped.
 */
function dropRolledLines(previous: readonly string[], lines: string[]): string[] {
  // A cue shown again whole (a caption held across two cues) is read once, however long.
  if (lines.length === previous.length && lines.every((line, index) => line === previous[index])) return [];
  const most = Math.min(previous.length, lines.length, MAXIMUM_ROLLED_LINES);
  for (let overlap = most; overlap > 0; overlap -= 1) {
    const tail = previous.slice(previous.length - overlap);
    if (tail.every((line, index) => line === lines[index])) return lines.slice(overlap);
  }
  return lines;
}

/**
 * The cues of a SubRip or WebVTT text, in order, as transcript segments: identifiers, timings, cue
 * settings, `NOTE`/`STYLE`/`REGION` blocks and markup left out, entities resolved, a WebVTT voice
 * (`<v Roger>`) as `Roger: `, a cue's lines joined, and lines a roll-up caption repeats read once.
 *
 * @example
 * readSubtitleCues('1\n00:00:01,000 --> 00:00:02,500\n<i>Hello</i>\n');
 * // [{ start: 1, end: 2.5, text: 'Hello', confidence: 1 }]
 */
export function readSubtitleCues(content: string): TranscriptSegment[] {
  const blocks = content
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/);
  const segments: TranscriptSegment[] = [];
  let previous: string[] = [];
  for (const block of blocks) {
    const lines = block.split('\n').filter((line, index) => index > 0 || line.trim() !== '');
    if (lines.length === 0 || NOT_A_CUE.test(lines[0] ?? '') || /^WEBVTT/.test(lines[0] ?? '')) continue;
    // An identifier (SubRip's number, a WebVTT cue id) may stand above the timing line.
    const at = lines.findIndex((line) => TIMING.test(line));
    if (at < 0 || at > 1) continue;
    const timing = TIMING.exec(lines[at] ?? '');
    if (timing === null) continue;
    const text = cueLines(lines.slice(at + 1));
    const fresh = dropRolledLines(previous, text);
    previous = text.length > 0 ? text : previous;
    const start = seconds(timing, 1);
    const end = Math.max(start, seconds(timing, 5));
    if (fresh.length === 0) {
      const last = segments.at(-1);
      if (last !== undefined) last.end = Math.max(last.end, end);
      continue;
    }
    segments.push({ start, end, text: fresh.join(' '), confidence: 1 });
  }
  return segments;
}
