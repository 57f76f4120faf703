import type { Paragraph, RootContent } from 'mdast';
import { TransmuteError, type ExtractedDocument } from '@transmute/plugin-sdk';
import type { ReadContext } from '../internal/format-reader.js';
import { factLines } from '../internal/fact-lines.js';
import { htmlToMdast } from '../internal/html-to-mdast.js';
import { stampProvenance } from '../internal/stamp-provenance.js';
import { textBlocks } from '../internal/text-blocks.js';
import { writeAttachments } from '../internal/write-attachments.js';
import type { MailAttachment, MailMessage } from './mail-message.js';

/** A byte count for people (1.2 KB), as the engine's renderers write it. */
function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${String(bytes)} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit] ?? 'GB'}`;
}

function headerBlock(message: MailMessage): Paragraph | undefined {
  return factLines([
    ['From', message.from],
    ['To', message.to.length > 0 ? message.to.join(', ') : undefined],
    ['Cc', message.cc.length > 0 ? message.cc.join(', ') : undefined],
    ['Date', message.date],
  ]);
}

function attachmentBlocks(attachments: MailAttachment[]): RootContent[] {
  if (attachments.length === 0) return [];
  return [
    {
      type: 'heading',
      depth: 2,
      children: [{ type: 'text', value: 'Attachments' }],
      data: { addendum: true },
    },
    {
      type: 'list',
      ordered: false,
      spread: false,
      children: attachments.map((attachment) => ({
        type: 'listItem',
        spread: false,
        children: [
          {
            type: 'paragraph',
            children: [
              {
                type: 'text',
                value: `${attachment.name} (${[
                  attachment.mediaType,
                  ...(attachment.sizeBytes === undefined ? [] : [formatBytes(attachment.sizeBytes)]),
                ].join(', ')})`,
              },
            ],
          },
        ],
      })),
    },
  ];
}

const BODY_PATHS = new Set(['text/html', 'text/plain']);

/**
 * A message's blocks: the subject as a heading (`untitled` stands in for a missing one when given),
 * a header block (From, To, Cc, Date), the body (the HTML part converted to markdown, else the text
 * part) and the attachments listed with their media type and size. Provenance `path` names the
 * part, under `prefix` when given: `header`, `text/html` or `text/plain`, `attachments`.
 */
export function messageBlocks(
  message: MailMessage,
  options: { prefix?: string; untitled?: string } = {},
): RootContent[] {
  const path = (part: string): string => (options.prefix === undefined ? part : `${options.prefix}/${part}`);
  const head: RootContent[] = [];
  const subject = message.subject ?? options.untitled;
  if (subject !== undefined) {
    head.push({ type: 'heading', depth: 1, children: [{ type: 'text', value: subject }] });
  }
  const header = headerBlock(message);
  if (header !== undefined) head.push(header);
  const html = message.html === undefined ? [] : htmlToMdast(message.html);
  const body = html.length > 0 || message.text === undefined ? html : textBlocks(message.text);
  return [
    ...stampProvenance(head, { path: path('header') }),
    ...stampProvenance(body, { path: path(html.length > 0 ? 'text/html' : 'text/plain') }),
    ...stampProvenance(attachmentBlocks(message.attachments), { path: path('attachments') }),
  ];
}

/**
 * An e-mail as a document ({@link messageBlocks}). The attachments' bytes are written to
 * `ctx.outputDir` (within the attachment limits) and returned as the document's `attachments`, for
 * the engine to read as child documents.
 */
export async function messageDocument(
  message: MailMessage,
  facts: Record<string, string | number>,
  ctx: ReadContext,
): Promise<ExtractedDocument> {
  const children = messageBlocks(message);
  const hasBody = children.some((block) => BODY_PATHS.has(block.data?.provenance?.path ?? ''));
  if (!hasBody && message.subject === undefined && message.attachments.length === 0)
    throw new TransmuteError('empty_content', 'The e-mail has no subject, body or attachment.');
  const attachments = await writeAttachments(message.attachments, ctx);
  return {
    ...(attachments.length > 0 ? { attachments } : {}),
    root: { type: 'root', children },
    metadata: {
      ...(message.subject !== undefined ? { title: message.subject } : {}),
      ...(message.from !== undefined ? { author: message.from } : {}),
      ...(message.date !== undefined ? { publishedTime: message.date } : {}),
      facts: { ...facts, attachments: message.attachments.length },
    },
  };
}
