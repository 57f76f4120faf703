import { describe, expect, it } from 'vitest';
import { isTransmuteError } from '@transmute/contract';
import { createTestContext } from '@transmute/plugin-sdk/testing';
import type { Paragraph } from 'mdast';
import { liveProcessIds } from '@transmute/plugin-sdk/media';
import { AUDIO_MANIFEST, createAudioSource } from '../src/index.js';
import { fixtureFile, makeFiveHourFile, recall } from './helpers.js';

const source = createAudioSource();
const ctxFor = (signal?: AbortSignal) =>
  createTestContext({ limits: { ...AUDIO_MANIFEST.limits }, ...(signal ? { signal } : {}) });
const failureCode = (error: unknown) => (isTransmuteError(error) ? error.code : String(error));

function paragraphs(root: { children: unknown[] }): Paragraph[] {
  return root.children.filter((n): n is Paragraph => (n as { type: string }).type === 'paragraph');
}
const textOf = (p: Paragraph) => p.children.map((c) => ('value' in c ? c.value : '')).join('');

describe('source.audio_upload', () => {
  it('is healthy with Debian ffmpeg and pocketsphinx', async () => {
    expect(await source.health()).toEqual({ ok: true });
  });

  it('is disabled, saying why, when ffmpeg is neither configured nor on PATH', async () => {
    const bogus = { ffmpegPath: '/nonexistent/ffmpeg', ffprobePath: '/nonexistent/ffprobe' };
    const savedPath = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      expect(await createAudioSource({ mediaTools: bogus }).health()).toEqual({
        ok: false,
        detail:
          "ffmpeg/ffprobe at TRANSMUTE_FFMPEG_PATH/TRANSMUTE_FFPROBE_PATH (both needed) do not run, and ffmpeg is not on PATH; install Debian's ffmpeg or set TRANSMUTE_FFMPEG_PATH and TRANSMUTE_FFPROBE_PATH",
      });
      expect(await createAudioSource({ mediaTools: {} }).health()).toEqual({
        ok: false,
        detail:
          "ffmpeg not found on PATH; install Debian's ffmpeg or set TRANSMUTE_FFMPEG_PATH and TRANSMUTE_FFPROBE_PATH",
      });
    } finally {
      process.env.PATH = savedPath;
    }
  });

  it.each([
    ['speech.wav', 'audio/wav'],
    ['speech.mp3', 'audio/mpeg'],
    ['speech.ogg', 'audio/ogg'],
    ['speech.webm', 'audio/webm'],
    ['speech.m4a', 'audio/mp4'],
  ])('transcribes "go forward ten meters" from %s', async (name, mediaType) => {
    const ctx = ctxFor();
    const doc = await source.extract(fixtureFile(name, mediaType), ctx);
    const transcript = paragraphs(doc.root).map(textOf).join(' ');
    expect(recall(transcript, 'go forward ten meters')).toBeGreaterThanOrEqual(0.75);
    expect(ctx.usage.media_minutes).toBeGreaterThan(0.03);
    expect(ctx.stages).toContain('transcription');
  });

  it('keeps timestamps monotonic, within the duration, on every paragraph', async () => {
    const doc = await source.extract(fixtureFile('austen.wav', 'audio/wav'), ctxFor());
    const duration = doc.metadata.durationSeconds ?? 0;
    expect(duration).toBeCloseTo(7.1, 1);
    let previous = 0;
    for (const p of paragraphs(doc.root)) {
      const provenance = p.data?.provenance;
      expect(provenance?.fileId).toBe('file_mediafixture01');
      const start = provenance?.timeStart ?? -1;
      const end = provenance?.timeEnd ?? -1;
      expect(start).toBeGreaterThanOrEqual(previous);
      expect(end).toBeGreaterThanOrEqual(start);
      expect(end).toBeLessThanOrEqual(duration);
      previous = start;
    }
    const transcript = paragraphs(doc.root).map(textOf).join(' ');
    expect(recall(transcript, 'consider how much there might be in his power to do')).toBeGreaterThanOrEqual(
      0.7,
    );
  });

  it('fails silence with empty_content instead of an empty transcript', async () => {
    const error = await source
      .extract(fixtureFile('silent.wav', 'audio/wav'), ctxFor())
      .catch((e: unknown) => e);
    expect(failureCode(error)).toBe('empty_content');
  });

  it('rejects a corrupt file at validation with corrupt_file', async () => {
    const inspection = await source.inspect?.(
      fixtureFile('corrupt.m4a', 'audio/mp4'),
      new AbortController().signal,
    );
    expect(inspection).toMatchObject({ ok: false, code: 'corrupt_file' });
    // The reason is ffprobe's, with no server paths in it (no internals in warnings).
    const detail = inspection?.ok === false ? inspection.detail : '';
    expect(detail).toMatch(/moov atom not found|Invalid data/);
    expect(detail).not.toContain('/');
  });

  it('rejects a five-hour file at validation without decoding it', async () => {
    const inspection = await source.inspect?.(makeFiveHourFile(), new AbortController().signal);
    expect(inspection).toMatchObject({ ok: false, code: 'duration_exceeded' });
  });

  it('accepts the declared types and their common aliases only', () => {
    const probe = (mediaType: string) => source.accepts({ mediaType, name: 'a', head: new Uint8Array() });
    expect(probe('audio/x-wav')).toBe(true);
    expect(probe('audio/mpeg; charset=binary')).toBe(true);
    expect(probe('video/mp4')).toBe(false);
    expect(probe('text/plain')).toBe(false);
  });

  it('leaves no ffmpeg or recognizer process behind when canceled', async () => {
    const controller = new AbortController();
    const run = source.extract(fixtureFile('austen.wav', 'audio/wav'), ctxFor(controller.signal));
    const spawned = new Set<number>();
    const watch = setInterval(() => liveProcessIds().forEach((pid) => spawned.add(pid)), 5);
    await new Promise((resolve) => setTimeout(resolve, 400));
    controller.abort(new Error('canceled by test'));
    await expect(run).rejects.toThrow('canceled by test');
    clearInterval(watch);
    expect(spawned.size).toBeGreaterThan(0);
    expect(liveProcessIds()).toEqual([]);
    const alive = [...spawned].filter((pid) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    });
    expect(alive).toEqual([]);
  });
});
