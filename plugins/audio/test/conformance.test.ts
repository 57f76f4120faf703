import { describeSourceAdapter, type SourceAdapterCase } from '@transmute/plugin-sdk/testing';
import { createAudioSource } from '../src/index.js';
import { fixtureFile } from './helpers.js';

const cases: SourceAdapterCase[] = [
  {
    name: 'a WAV recording',
    path: fixtureFile('speech.wav', 'audio/wav').path,
    mediaType: 'audio/wav',
    expectText: ['forward'],
    expectProvenance: 'timeStart',
  },
  {
    name: 'an MP3 recording',
    path: fixtureFile('speech.mp3', 'audio/mpeg').path,
    mediaType: 'audio/mpeg',
    expectText: ['forward'],
    expectProvenance: 'timeStart',
  },
  {
    name: 'a truncated M4A (refused)',
    path: fixtureFile('corrupt.m4a', 'audio/mp4').path,
    mediaType: 'audio/mp4',
    expectFailure: 'corrupt_file',
  },
  {
    name: 'silence (refused)',
    path: fixtureFile('silent.wav', 'audio/wav').path,
    mediaType: 'audio/wav',
    expectFailure: 'empty_content',
  },
];

/** Where ffmpeg or the recognizer is missing the plugin is disabled, and the suite checks that instead. */
describeSourceAdapter('source.audio_upload', {
  create: () => createAudioSource(),
  disabledFailure: 'transcription_unavailable',
  timeoutMs: 120_000,
  cases,
});

/** A recognizer whose model is missing: the suite must see the disabled health and the failures it causes. */
describeSourceAdapter('source.audio_upload without a recognizer model', {
  create: () =>
    createAudioSource({
      transcription: {
        engine: 'whisper-cpp',
        binary: '/nonexistent/whisper-cli',
        modelPath: '/nonexistent/model.bin',
      },
    }),
  disabledFailure: 'transcription_unavailable',
  cases,
});
