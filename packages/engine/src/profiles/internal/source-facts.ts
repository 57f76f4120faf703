import type { ProfileContext } from './profile-context.js';
import { formatBytes, formatDuration } from './markdown.js';

/** One fact about the source: a wire key, a label for people and both values. */
export interface SourceFact {
  key: string;
  label: string;
  value: string | number | boolean;
  shown: string;
}

/** Reading time at 200 words a minute (0 for no words). */
export function readingMinutes(words: number): number {
  return words === 0 ? 0 : Math.max(1, Math.ceil(words / 200));
}

/** The source facts shown by summaries, context packs and datasheets (type, size, language, words…). */
export function sourceFacts(ctx: ProfileContext): SourceFact[] {
  const { metadata } = ctx.document;
  const { labels } = ctx;
  const facts: SourceFact[] = [];
  const add = (
    key: string,
    label: string,
    value: string | number | boolean | undefined,
    shown?: string,
  ): void => {
    if (value === undefined || value === '') return;
    facts.push({ key, label, value, shown: shown ?? String(value) });
  };
  add('media_type', labels.type, metadata.mediaType);
  // Inline text has no file size: its size is then the extracted text's length.
  if (metadata.sizeBytes === undefined)
    add(
      'characters',
      labels.size,
      ctx.document.text.length,
      `${ctx.document.text.length} ${labels.characters}`,
    );
  add(
    'size_bytes',
    labels.size,
    metadata.sizeBytes,
    metadata.sizeBytes === undefined
      ? ''
      : metadata.sizeBytes < 1024
        ? `${metadata.sizeBytes} B`
        : `${formatBytes(metadata.sizeBytes)} (${metadata.sizeBytes} B)`,
  );
  add('language', labels.language, metadata.language);
  add('words', labels.words, ctx.analysis.wordCount);
  const minutes = readingMinutes(ctx.analysis.wordCount);
  add('reading_time_minutes', labels.readingTime, minutes, `${minutes} ${labels.minutes}`);
  add('page_count', labels.pages, metadata.pageCount);
  add(
    'duration_seconds',
    labels.duration,
    metadata.durationSeconds,
    metadata.durationSeconds === undefined ? '' : formatDuration(metadata.durationSeconds),
  );
  add('author', 'author', metadata.author ?? metadata.byline);
  add('site_name', 'site', metadata.siteName);
  add('published_time', 'published', metadata.publishedTime);
  add('source_url', 'url', metadata.sourceUrl);
  for (const key of Object.keys(metadata.facts ?? {}).sort()) add(key, key, metadata.facts?.[key]);
  return facts;
}
