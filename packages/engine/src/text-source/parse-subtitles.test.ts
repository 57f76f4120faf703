import { describe, expect, it } from 'vitest';
import { parseSubtitles } from './parse-subtitles.js';
import { readTextSource } from './read-text-source.js';
import { guessTextMediaType } from './guess-text-media-type.js';

const SRT =
  '1\r\n00:00:01,000 --> 00:00:03,200\r\nHello there.\r\n\r\n2\r\n00:00:04,000 --> 00:00:06,500\r\nGood morning.\r\n';

const VTT = 'WEBVTT\n\n00:01.000 --> 00:02.000\n<v Ann>Hi, Bo.\n\n00:02.000 --> 00:03.500\nHello, Ann.\n';

describe('subtitles in the text source', () => {
  it('writes a transcript: the name as heading, a paragraph per cue with its time range', () => {
    const document = parseSubtitles(SRT, 'talk.srt', 'srt');
    expect(document.root.children).toMatchObject([
      { type: 'heading', depth: 1, children: [{ value: 'talk.srt' }] },
      {
        type: 'paragraph',
        children: [{ value: 'Hello there.' }],
        data: { provenance: { timeStart: 1, timeEnd: 3.2 } },
      },
      { type: 'paragraph', data: { provenance: { timeStart: 4, timeEnd: 6.5 } } },
    ]);
    expect(document.metadata).toMatchObject({
      durationSeconds: 6.5,
      facts: { subtitle_format: 'srt', cues: 2 },
    });
  });

  it('reads a file declared text/vtt, and one declared text/plain that opens as subtitles', async () => {
    const ctx = { signal: new AbortController().signal, warn: () => undefined };
    const vtt = await readTextSource({ content: VTT, mediaType: 'text/vtt', name: 'talk.vtt' }, ctx);
    expect(vtt.metadata.facts).toEqual({ subtitle_format: 'vtt', cues: 2 });
    const plain = await readTextSource({ content: SRT, mediaType: 'text/plain', name: 'upload' }, ctx);
    expect(plain.metadata).toMatchObject({ mediaType: 'application/x-subrip', facts: { cues: 2 } });
    expect(guessTextMediaType(VTT)).toBe('text/vtt');
    expect(guessTextMediaType('1 apple\n2 pears\n')).toBe('text/plain');
  });
});
