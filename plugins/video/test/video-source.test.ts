import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isTransmuteError } from '@transmute/contract';
import { createTestContext } from '@transmute/plugin-sdk/testing';
import { toString } from 'mdast-util-to-string';
import type { SourceFile } from '@transmute/plugin-sdk';
import { VIDEO_MANIFEST, createVideoSource } from '../src/index.js';

const MEDIA = resolve(import.meta.dirname, '../../../fixtures/media');
const file = (name: string, mediaType = 'video/mp4'): SourceFile => {
  const path = join(MEDIA, name);
  return { fileId: 'file_videofixture01', name, mediaType, sizeBytes: statSync(path).size, path };
};
const source = createVideoSource();
const ctx = () => createTestContext({ limits: { ...VIDEO_MANIFEST.limits } });

describe('source.video_upload', () => {
  it('transcribes the speech of an mp4 and reports its container facts', async () => {
    const context = ctx();
    const doc = await source.extract(file('speech.mp4'), context);
    expect(toString(doc.root).toLowerCase()).toMatch(/forward/);
    expect(doc.metadata.facts).toMatchObject({
      video_codec: 'h264',
      resolution: '320x240',
      audio_codec: 'aac',
      transcript_source: 'pocketsphinx',
    });
    expect(doc.metadata.durationSeconds).toBeGreaterThan(2);
    expect(context.usage.media_minutes).toBeGreaterThan(0);
  });

  it('uses the embedded subtitle track verbatim, and says so', async () => {
    const context = ctx();
    const doc = await source.extract(file('subtitled.mp4'), context);
    const paragraphs = doc.root.children.filter((n) => n.type === 'paragraph').map((n) => toString(n));
    expect(paragraphs).toEqual(['Go forward ten meters.', 'Then stop and wait for the signal.']);
    expect(doc.root.children[1]?.data?.provenance).toMatchObject({ timeStart: 0.3, timeEnd: 1.4 });
    expect(context.warnings).toEqual([
      'transcript_from_subtitles: The embedded subtitle track was used as the transcript.',
    ]);
    expect(doc.metadata.facts).toMatchObject({
      subtitle_tracks: 'mov_text',
      transcript_source: 'subtitle_track',
    });
  });

  it('rejects a video over the resolution limit at validation', async () => {
    const strict = createVideoSource();
    const inspection = await strict.inspect?.(file('speech.mp4'), new AbortController().signal);
    expect(inspection).toMatchObject({ ok: true });
    const small = { ...VIDEO_MANIFEST.limits, maximum_width: 100 };
    const error = await strict
      .extract(file('speech.mp4'), createTestContext({ limits: small }))
      .catch((e: unknown) => e);
    expect(isTransmuteError(error) && error.code).toBe('limit_exceeded');
  });
});
