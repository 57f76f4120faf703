export { createAudioSource, type AudioSourceOptions } from './create-audio-source.js';
export { AUDIO_MANIFEST } from './audio-manifest.js';
