import { SDK_VERSION, type PluginManifest } from '@transmute/plugin-sdk';

/** The spec's `source.video_upload` entry. */
export const VIDEO_MANIFEST: PluginManifest = {
  id: 'source.video_upload',
  kind: 'source_adapter',
  canonicalIdentifier: 'uploaded_video.v1',
  useCase:
    'Transcribe uploaded video (mp4, webm, mov) from its subtitle track or its speech, with container facts.',
  mediaTypes: ['video/mp4', 'video/webm', 'video/quicktime'],
  outputFormats: [],
  costUnit: 'media_minutes',
  limits: {
    maximum_bytes: 1_073_741_824,
    maximum_duration_seconds: 14_400,
    maximum_height: 2160,
    maximum_width: 3840,
    temporary_disk_bytes: 2_147_483_648,
  },
  qualityThreshold: 0.82,
  sdkVersion: SDK_VERSION,
};
