import { describe, expect, it } from 'vitest';
import { readSubtitleCues } from './subtitle-cues.js';

const SRT = [
  '1',
  '00:00:01,000 --> 00:00:03,200',
  'Hello there.',
  '',
  '2',
  '00:00:04,000 --> 00:00:06,500',
  '<i>General</i> Kenobi,',
  'you are a bold one.',
  '',
].join('\r\n');

const VTT = `WEBVTT - a talk

NOTE timings from the editor

STYLE
::cue { color: yellow }

intro
00:00.000 --> 00:02.500 align:start position:0%
<v.loud Roger Bingham>We are in New York City &amp; it's <i>sunny</i>.

00:00:02.500 --> 00:00:05.000
<v.loud Roger Bingham>We are in New York City &amp; it's <i>sunny</i>.
And bees<00:00:03.100><c> are</c><00:00:03.500><c> out</c>.

00:00:05.000 --> 00:00:07.250
And bees are out.
`;

describe('readSubtitleCues', () => {
  it('reads SubRip cues with their times, markup dropped and lines joined', () => {
    expect(readSubtitleCues(SRT)).toEqual([
      { start: 1, end: 3.2, text: 'Hello there.', confidence: 1 },
      { start: 4, end: 6.5, text: 'General Kenobi, you are a bold one.', confidence: 1 },
    ]);
  });

  it('reads WebVTT cues: header, notes, styles, ids and settings left out, voices named, roll-up lines once', () => {
    expect(readSubtitleCues(VTT)).toEqual([
      { start: 0, end: 2.5, text: "Roger Bingham: We are in New York City & it's sunny.", confidence: 1 },
      { start: 2.5, end: 7.25, text: 'And bees are out.', confidence: 1 },
    ]);
  });

  it('skips blocks that are no cues and keeps the rest', () => {
    expect(readSubtitleCues('WEBVTT\n\nnot a cue\n\n00:01.000 --> 00:02.000\nKept.\n')).toEqual([
      { start: 1, end: 2, text: 'Kept.', confidence: 1 },
    ]);
  });

  it('parses SRT cues with tags stripped and multi-line text joined', () => {
    const srt =
      '1\r\n00:00:01,000 --> 00:00:02,500\r\n<i>Hello</i>\r\nworld\r\n\r\n2\r\n00:01:00.250 --> 00:01:01,000\r\nBye\r\n';
    expect(readSubtitleCues(srt)).toEqual([
      { start: 1, end: 2.5, text: 'Hello world', confidence: 1 },
      { start: 60.25, end: 61, text: 'Bye', confidence: 1 },
    ]);
  });

  it('looks for a rolled-up repeat of at most four lines, and drops a cue shown again whole', () => {
    const line = (n: number): string => `line ${String(n)}`;
    const cue = (at: number, lines: string[]): string =>
      `00:00:0${String(at)}.000 --> 00:00:0${String(at + 1)}.000\n${lines.join('\n')}`;
    const five = [1, 2, 3, 4, 5].map(line);
    const texts = (vtt: string): string[] => readSubtitleCues(vtt).map((segment) => segment.text);
    expect(texts(`WEBVTT\n\n${cue(1, five)}\n\n${cue(2, five)}\n`)).toEqual([five.join(' ')]);
    expect(texts(`WEBVTT\n\n${cue(1, five)}\n\n${cue(2, [...five.slice(0, 5), line(6)])}\n`)).toEqual([
      five.join(' '),
      [...five, line(6)].join(' '),
    ]);
  });
});
