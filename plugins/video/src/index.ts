export { createVideoSource, type VideoSourceOptions } from './create-video-source.js';
export { VIDEO_MANIFEST } from './video-manifest.js';
