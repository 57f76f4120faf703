import { readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTransmuteError } from '@transmute/contract';
import { createEngine } from '@transmute/engine';
import { createAudioSource } from '@transmute/plugin-audio';
import { createVideoSource } from '../src/index.js';

// Audio and video through the engine together (both share the SDK's media tools).
const MEDIA = resolve(import.meta.dirname, '../../../fixtures/media');

const engine = createEngine({
  plugins: [createAudioSource(), createVideoSource()],
  allowPrivateNetworks: true,
});
const wav = readFileSync(join(MEDIA, 'speech.wav'));
const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'audio/wav' }).end(wav));
let url = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/speech.wav`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await engine.close();
});

const output = {
  profile: 'raw_source',
  format: 'markdown',
  language: 'en',
  includeRawSource: false,
} as const;
const fileOf = (name: string, mediaType: string) => {
  const path = join(MEDIA, name);
  return { fileId: 'file_engineaudio0001', name, mediaType, sizeBytes: statSync(path).size, path };
};

describe('media through the engine pipeline', () => {
  it('converts an uploaded mp3 to a transcript whose blocks cite times, metering media minutes', async () => {
    const stages: string[] = [];
    const result = await engine.convert(
      { type: 'files', files: [fileOf('speech.mp3', 'audio/mpeg')] },
      output,
      {
        onProgress: (p) => stages.push(p.stage),
      },
    );
    expect(readFileSync(result.artifacts[0]?.path ?? '', 'utf8').toLowerCase()).toContain('forward');
    expect(stages).toContain('transcription');
    expect(result.usage.media_minutes).toBeGreaterThan(0);
    const timed = result.document.chunks.filter((c) => c.provenance.timeStart !== undefined);
    expect(timed.length).toBeGreaterThan(0);
  });

  it('uses the subtitle track of an uploaded video and says so in the warnings', async () => {
    const result = await engine.convert(
      { type: 'files', files: [fileOf('subtitled.mp4', 'video/mp4')] },
      output,
    );
    expect(readFileSync(result.artifacts[0]?.path ?? '', 'utf8')).toContain(
      'Then stop and wait for the signal.',
    );
    expect(result.warnings.join('\n')).toContain('transcript_from_subtitles');
  });

  it('refuses an audio URL unless the caller allows audio transcription', async () => {
    const error = await engine.prepare({ type: 'url', url }).catch((e: unknown) => e);
    expect(isTransmuteError(error) && error.code).toBe('audio_transcription_not_allowed');
    const prepared = await engine.prepare({ type: 'url', url, allowAudioTranscription: true });
    expect(prepared.document.text.toLowerCase()).toContain('forward');
  });

  it('reports both media plugins generally available in capabilities', async () => {
    const { plugins } = await engine.capabilities();
    const status = Object.fromEntries(plugins.map((p) => [p.id, p.status]));
    expect(status).toMatchObject({
      'source.audio_upload': 'general_availability',
      'source.video_upload': 'general_availability',
    });
  });
});
