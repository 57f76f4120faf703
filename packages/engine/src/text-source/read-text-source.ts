import type { ExtractedDocument } from '@transmute/plugin-sdk';
import { TransmuteError } from '@transmute/contract';
import { toCanonicalMediaType } from '../media-types.js';
import { applyFrontMatter, readFrontMatter, withoutFrontMatter } from './front-matter.js';
import { parseJson, parseNdjson } from './parse-json.js';
import { MAX_MARKDOWN_NESTING, isTooDeeplyNested } from './markdown-nesting.js';
import { readPlainText } from './read-plain-text.js';
import { subtitleTypeOf } from './guess-text-media-type.js';
import { parsePlainText } from './parse-plain-text.js';
import type { TextSourceContext } from './text-source-context.js';
import type * as MarkdownParser from './parse-markdown.js';
import type * as DelimitedParser from './parse-delimited.js';
import type * as SubtitleParser from './parse-subtitles.js';

export type { TextSourceContext };

/**
 * Input of the built-in text source: decoded text and its media type as declared or guessed (an
 * alias such as `text/x-python` kept, so the language it names is not lost).
 */
export interface TextSourceInput {
  content: string;
  mediaType: string;
  name: string;
}

function firstHeading(document: ExtractedDocument): string | undefined {
  for (const node of document.root.children) {
    if (node.type === 'heading') {
      const text = node.children
        .map((child) => ('value' in child ? child.value : ''))
        .join('')
        .trim();
      if (text) return text;
    }
  }
  return undefined;
}

/**
 * The markdown parser's module, loaded on first use (micromark, remark-parse: a plain text never
 * needs them) and kept: an `import()` per document still resolves the specifier each time (under a
 * loader hook such as tsx, a file-system check per call).
 */
let markdownParser: Promise<typeof MarkdownParser> | undefined;
/** The delimited-text parser's module (csv-parse), loaded on first use and kept, as markdown's is. */
let delimitedParser: Promise<typeof DelimitedParser> | undefined;
/** The subtitle parser's module (with the SDK's transcript shape), loaded on first use and kept. */
let subtitleParser: Promise<typeof SubtitleParser> | undefined;

/**
 * Markdown, or plain text with a warning when the markdown is nested absurdly deep (see
 * isTooDeeplyNested) or still overflows the parser's stack: the text is kept either way.
 */
async function readMarkdown(content: string, ctx: TextSourceContext): Promise<ExtractedDocument> {
  const fallback = (reason: string): ExtractedDocument => {
    ctx.warn('markdown_read_as_plain_text', `${reason} The content was read as plain text.`);
    return parsePlainText(content);
  };
  if (isTooDeeplyNested(content)) {
    return fallback(`The markdown nests more than ${MAX_MARKDOWN_NESTING} block quotes or lists.`);
  }
  try {
    const { parseMarkdown } = await (markdownParser ??= import('./parse-markdown.js'));
    return await parseMarkdown(content, ctx);
  } catch (error) {
    if (error instanceof RangeError) return fallback('The markdown is nested too deeply to parse.');
    throw error;
  }
}

/**
 * The built-in text source: plain text, markdown, CSV/TSV, JSON, NDJSON and subtitles (SubRip,
 * WebVTT: a transcript with times) into mdast, with provenance offsets on blocks and typed tables
 * for tabular formats.
 */
export async function readTextSource(
  input: TextSourceInput,
  ctx: TextSourceContext,
): Promise<ExtractedDocument> {
  const content = input.content.charCodeAt(0) === 0xfeff ? input.content.slice(1) : input.content;
  const declared = toCanonicalMediaType(input.mediaType);
  // A "plain text" that opens as subtitles do (an upload of `talk.srt` declared text/plain) is them.
  const mediaType = declared === 'text/plain' ? (subtitleTypeOf(content) ?? declared) : declared;
  let document: ExtractedDocument;
  switch (mediaType) {
    case 'text/markdown': {
      const frontMatter = readFrontMatter(content);
      document = await readMarkdown(frontMatter ? withoutFrontMatter(content, frontMatter) : content, ctx);
      if (frontMatter) applyFrontMatter(document, frontMatter);
      break;
    }
    case 'text/plain':
    case 'application/xml':
    case 'text/xml':
      document = readPlainText(content, input.name, input.mediaType);
      break;
    case 'text/csv':
    case 'text/tab-separated-values': {
      const { parseDelimited } = await (delimitedParser ??= import('./parse-delimited.js'));
      document = parseDelimited(content, mediaType === 'text/csv' ? 'csv' : 'tsv', ctx);
      break;
    }
    case 'application/json':
      document = parseJson(content);
      break;
    case 'application/x-ndjson':
      document = parseNdjson(content, ctx);
      break;
    case 'text/vtt':
    case 'application/x-subrip': {
      const { parseSubtitles } = await (subtitleParser ??= import('./parse-subtitles.js'));
      document = parseSubtitles(content, input.name, mediaType === 'text/vtt' ? 'vtt' : 'srt');
      break;
    }
    default:
      throw new TransmuteError('unsupported_content', `The text source does not read ${mediaType}.`);
  }
  const title =
    document.metadata.title ??
    (mediaType === 'text/markdown' || mediaType === 'text/plain' ? firstHeading(document) : undefined);
  document.metadata = { ...document.metadata, mediaType, ...(title ? { title } : {}) };
  return document;
}
