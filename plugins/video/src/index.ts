export { createVideoSource, type VideoSourceOptions } from './create-video-source.js';
export { VIDEO_MANIFEST } from './video-manifest.js';
export { parseSrt, readSubtitleStream, TEXT_SUBTITLE_CODECS } from './read-subtitles.js';
