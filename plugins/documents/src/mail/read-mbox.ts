import { readFileSync } from 'node:fs';
import type { RootContent } from 'mdast';
import { TransmuteError, isTransmuteError } from '@transmute/plugin-sdk';
import { firstItems } from '../internal/first-items.js';
import type { FormatReader } from '../internal/format-reader.js';
import { writeAttachments } from '../internal/write-attachments.js';
import type { MailAttachment } from './mail-message.js';
import { messageBlocks } from './message-document.js';
import { parseMimeMessage } from './read-eml.js';

/** More messages than this in one mailbox are listed as left out (each is a section of the document). */
export const MAXIMUM_MBOX_MESSAGES = 10_000;

/**
 * The messages of an mbox (RFC 4155): each starts at a `From ` line at the start of the file or after
 * an empty line, which is the mailbox's separator and not part of the message; a body line the
 * mailbox quoted (`>From `, mboxrd) loses one `>`.
 */
export function splitMbox(text: string): string[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const messages: string[] = [];
  let current: string[] | undefined;
  for (const [index, line] of lines.entries()) {
    if (line.startsWith('From ') && (index === 0 || lines[index - 1] === '')) {
      if (current !== undefined) messages.push(current.join('\n'));
      current = [];
      continue;
    }
    current?.push(/^>+From /.test(line) ? line.slice(1) : line);
  }
  if (current !== undefined) messages.push(current.join('\n'));
  return messages.filter((message) => message.trim() !== '');
}

/**
 * A mailbox (`.mbox`, as Thunderbird, Apple Mail and Google Takeout export one) as one document: each
 * message in mailbox order as its own section, read as an `.eml` is (subject heading, From/To/Cc/Date,
 * body, attachments listed), `(no subject)` where it has none; provenance `path` is
 * `messages/<n>/<part>`. A message that cannot be read is skipped with a `message_unreadable`
 * warning; past {@link MAXIMUM_MBOX_MESSAGES} the rest are left out with `messages_truncated`. The
 * attachments of all messages go to the engine as child documents within the attachment limits.
 */
export const readMbox: FormatReader = async (file, ctx) => {
  const messages = splitMbox(readFileSync(file.path, 'latin1'));
  if (messages.length === 0)
    throw new TransmuteError('corrupt_file', 'The file holds no mbox message (no `From ` separator line).');
  const children: RootContent[] = [];
  const attachments: MailAttachment[] = [];
  let read = 0;
  for (const [index, raw] of firstItems(
    messages,
    MAXIMUM_MBOX_MESSAGES,
    'messages',
    file.name,
    ctx,
  ).entries()) {
    ctx.signal.throwIfAborted();
    const number = String(index + 1);
    try {
      // The mailbox is bytes: latin1 kept each byte, so the message's own charsets decode as sent.
      const message = await parseMimeMessage(Buffer.from(raw, 'latin1'), `message ${number}`, ctx);
      children.push(...messageBlocks(message, { prefix: `messages/${number}`, untitled: '(no subject)' }));
      attachments.push(...message.attachments);
      read += 1;
    } catch (error) {
      if (ctx.signal.aborted) throw error;
      const reason = isTransmuteError(error) ? error.message : String(error);
      ctx.warn('message_unreadable', `${file.name}: message ${number} could not be read (${reason}).`);
    }
  }
  if (read === 0) throw new TransmuteError('corrupt_file', 'No message of the mailbox could be read.');
  const written = await writeAttachments(attachments, ctx);
  return {
    ...(written.length > 0 ? { attachments: written } : {}),
    root: { type: 'root', children },
    metadata: { facts: { format: 'mbox', messages: read, attachments: attachments.length } },
  };
};
