import { describe, expect, it } from 'vitest';
import { checkMedia, resolveMediaTools, type MediaLimits } from '../../src/media.js';
import { fixtureFile } from './media-fixtures.js';

const limits: MediaLimits = { maximumBytes: 10_000_000, maximumDurationSeconds: 60 };
const signal = () => new AbortController().signal;

describe('checkMedia', () => {
  it('fails as transcription_unavailable when no ffmpeg/ffprobe was found, before any other check', async () => {
    const file = fixtureFile('speech.wav', 'audio/wav');
    const tooSmall = { ...limits, maximumBytes: 1 };
    expect(await checkMedia(null, file, tooSmall, signal())).toEqual({
      ok: false,
      inspection: {
        ok: false,
        code: 'transcription_unavailable',
        detail: 'ffmpeg and ffprobe are not available.',
      },
    });
  });

  it('probes the file with the tools it is given', async () => {
    const tools = await resolveMediaTools();
    const check = await checkMedia(tools, fixtureFile('speech.wav', 'audio/wav'), limits, signal());
    expect(check.ok).toBe(true);
    if (check.ok) expect(check.facts.streams.some((s) => s.type === 'audio')).toBe(true);
  });
});
