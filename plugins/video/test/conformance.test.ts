import { join, resolve } from 'node:path';
import { describeSourceAdapter } from '@transmute/plugin-sdk/testing';
import { createVideoSource } from '../src/index.js';

const MEDIA = resolve(import.meta.dirname, '../../../fixtures/media');

/** Where ffmpeg or the recognizer is missing the plugin is disabled, and the suite checks that instead. */
describeSourceAdapter('source.video_upload', {
  create: () => createVideoSource(),
  disabledFailure: 'transcription_unavailable',
  timeoutMs: 120_000,
  cases: [
    {
      name: 'an MP4 with speech',
      path: join(MEDIA, 'speech.mp4'),
      mediaType: 'video/mp4',
      expectText: ['forward'],
      expectProvenance: 'timeStart',
    },
    {
      name: 'an MP4 with a subtitle track',
      path: join(MEDIA, 'subtitled.mp4'),
      mediaType: 'video/mp4',
      expectProvenance: 'timeStart',
    },
  ],
});
