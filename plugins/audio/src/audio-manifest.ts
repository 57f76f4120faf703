import { SDK_VERSION, type PluginManifest } from '@transmute/plugin-sdk';

/** The spec's `source.audio_upload` entry. */
export const AUDIO_MANIFEST: PluginManifest = {
  id: 'source.audio_upload',
  kind: 'source_adapter',
  canonicalIdentifier: 'uploaded_audio.v1',
  useCase: 'Transcribe uploaded audio (speech in mp3, m4a, wav, webm, ogg) into a timestamped transcript.',
  mediaTypes: ['audio/mpeg', 'audio/mp4', 'audio/wav', 'audio/webm', 'audio/ogg'],
  outputFormats: [],
  costUnit: 'media_minutes',
  limits: {
    maximum_bytes: 524_288_000,
    maximum_duration_seconds: 14_400,
    temporary_disk_bytes: 1_073_741_824,
  },
  qualityThreshold: 0.82,
  sdkVersion: SDK_VERSION,
};

/** Media types seen in the wild for the same formats. */
export const AUDIO_ALIASES: Record<string, string> = {
  'audio/mp3': 'audio/mpeg',
  'audio/x-wav': 'audio/wav',
  'audio/wave': 'audio/wav',
  'audio/vnd.wave': 'audio/wav',
  'audio/x-m4a': 'audio/mp4',
  'audio/m4a': 'audio/mp4',
  'audio/aac': 'audio/mp4',
  'audio/opus': 'audio/ogg',
  'application/ogg': 'audio/ogg',
};
