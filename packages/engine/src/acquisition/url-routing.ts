import { TransmuteError } from '@transmute/contract';
import { isTextMediaType, readsAsText, toCanonicalMediaType } from '../media-types.js';

/** Which reader a fetched response goes to. */
export type UrlContentRoute = 'webpage' | 'document' | 'audio' | 'text' | 'plugin';

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const AUDIO_TYPES = new Set([
  'audio/mpeg',
  'audio/mp4',
  'audio/wav',
  'audio/x-wav',
  'audio/wave',
  'audio/webm',
  'audio/ogg',
  'audio/flac',
]);
const AUDIO_ALIASES: Record<string, string> = {
  'audio/x-wav': 'audio/wav',
  'audio/wave': 'audio/wav',
  'audio/mp3': 'audio/mpeg',
  'audio/x-m4a': 'audio/mp4',
};

/**
 * Routes the media type of a fetched URL to its reader: HTML to the webpage plugin, PDF to the
 * document (OCR) plugin, audio only when the caller allowed transcription, plain text, markdown,
 * CSV and JSON to the built-in text source, any other type an installed source adapter declares
 * (`readsMediaType`: docx from a share link, an archive) to that adapter, other XML to the text
 * source. Anything else fails with `unsupported_content`.
 */
export function routeUrlMediaType(
  mediaType: string,
  allowAudioTranscription: boolean,
  readsMediaType: (mediaType: string) => boolean = () => false,
): UrlContentRoute {
  const canonical = toCanonicalMediaType(mediaType);
  if (HTML_TYPES.has(canonical)) return 'webpage';
  if (canonical === 'application/pdf') return 'document';
  if (AUDIO_TYPES.has(canonical) || canonical in AUDIO_ALIASES) {
    if (!allowAudioTranscription) {
      throw new TransmuteError(
        'audio_transcription_not_allowed',
        `The URL serves audio (${canonical}); set resolver_preferences.allow_audio_transcription to transcribe it.`,
      );
    }
    return 'audio';
  }
  if (isTextMediaType(canonical)) return 'text';
  if (readsMediaType(canonical)) return 'plugin';
  // Generic XML no source declares: scanning still asks the sources (a feed by its root), else text.
  if (readsAsText(canonical)) return 'text';
  throw new TransmuteError(
    'unsupported_content',
    `The URL serves ${canonical || 'an unknown type'}, which no reader supports.`,
  );
}

/** The canonical media type a route's reader is given (audio aliases mapped to the plugin's names). */
export function toRoutedMediaType(mediaType: string): string {
  const canonical = toCanonicalMediaType(mediaType);
  return AUDIO_ALIASES[canonical] ?? canonical;
}
