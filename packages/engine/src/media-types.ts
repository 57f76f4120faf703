/** The media types the built-in text source reads (canonical names, as capabilities report them). */
export const TEXT_MEDIA_TYPES: readonly string[] = Object.freeze([
  'text/plain',
  'text/markdown',
  'text/csv',
  'text/tab-separated-values',
  'application/json',
  'application/x-ndjson',
]);

const ALIASES: Record<string, string> = {
  'text/x-markdown': 'text/markdown',
  'text/md': 'text/markdown',
  'application/ndjson': 'application/x-ndjson',
  'application/jsonl': 'application/x-ndjson',
  'application/x-jsonlines': 'application/x-ndjson',
  'application/jsonlines': 'application/x-ndjson',
  'text/tsv': 'text/tab-separated-values',
  'application/csv': 'text/csv',
  'text/json': 'application/json',
};

/** Lower-cases a media type, drops its parameters (`; charset=…`) and maps known aliases. */
export function toCanonicalMediaType(mediaType: string): string {
  const bare = (mediaType.split(';')[0] ?? '').trim().toLowerCase();
  return ALIASES[bare] ?? bare;
}

/** Whether the built-in text source reads this media type. */
export function isTextMediaType(mediaType: string): boolean {
  return TEXT_MEDIA_TYPES.includes(toCanonicalMediaType(mediaType));
}
