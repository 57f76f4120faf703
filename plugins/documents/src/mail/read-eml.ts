import { readFileSync } from 'node:fs';
import PostalMime, { type Address, type Email } from 'postal-mime';
import { TransmuteError } from '@transmute/plugin-sdk';
import type { FormatReader, ReadContext } from '../internal/format-reader.js';
import { formatMailbox, type MailMessage } from './mail-message.js';
import { messageDocument } from './message-document.js';
import { unreadMimeBody } from './unread-mime-body.js';
import { toUtf8MessageBytes } from '../internal/utf8-message-bytes.js';

/** PGP/MIME and S/MIME enveloped messages: the body is ciphertext. */
const ENCRYPTED =
  /^\s*(?:multipart\/encrypted|application\/(?:x-)?pkcs7-mime\s*;(?:(?!smime-type)[^])*smime-type\s*=\s*"?enveloped-data)/i;

/** A message opens with a header field (`Name: value`), or an mbox `From ` line. */
const HEADER_FIRST = /^(?:\uFEFF)?(?:\r?\n)*(?:From |[\x21-\x39\x3b-\x7e]+:)/;

function addresses(list: Address[] | Address | undefined): string[] {
  if (list === undefined) return [];
  return (Array.isArray(list) ? list : [list]).flatMap((address) =>
    address.group === undefined
      ? [formatMailbox(address.name, address.address)].filter((text): text is string => text !== undefined)
      : [
          `${address.name}: ${address.group.map((member) => formatMailbox(member.name, member.address)).join(', ')}`,
        ],
  );
}

/** No text to read: absent, white space, or (HTML) only tags (postal-mime gives `<div></div>` for a body it could not find). */
const isBlank = (text: string | undefined): boolean =>
  text === undefined || text.replace(/<[^>]*>/g, '').trim() === '';

const toBytes = (content: ArrayBuffer | Uint8Array | string): Uint8Array =>
  typeof content === 'string' ? Buffer.from(content) : new Uint8Array(content);

/** An unnamed attached message is named `.eml`, so that it reads as one wherever it is saved. */
const nameExtension = (mediaType: string): string => (mediaType === 'message/rfc822' ? '.eml' : '');

/**
 * One RFC 822 / MIME message's bytes (UTF-8 or ASCII) as a {@link MailMessage}, parsed by
 * postal-mime: charsets, quoted-printable and base64 bodies, RFC 2047 encoded words and RFC 2231
 * file names are decoded by it. Inline images the HTML refers to by Content-ID are part of the
 * body, not listed as attachments; an attached message (message/rfc822) is an attachment. `name`
 * names the message in warnings. PGP/MIME and S/MIME encrypted messages are `encrypted_document`.
 */
export async function parseMimeMessage(bytes: Buffer, name: string, ctx: ReadContext): Promise<MailMessage> {
  let email: Email;
  try {
    // A message/rfc822 part without a disposition is an attached message, not the body.
    email = await PostalMime.parse(bytes, { rfc822Attachments: true });
  } catch (error) {
    throw new TransmuteError('corrupt_file', `The e-mail could not be parsed: ${String(error)}`, {
      cause: error,
    });
  }
  if (!HEADER_FIRST.test(bytes.subarray(0, 1000).toString('latin1')) || email.headers.length === 0) {
    throw new TransmuteError(
      'corrupt_file',
      'The file has no e-mail headers (it is not an RFC 822 message).',
    );
  }
  const contentType = email.headers.find((header) => header.key === 'content-type')?.value ?? '';
  if (ENCRYPTED.test(contentType)) {
    throw new TransmuteError('encrypted_document', 'The e-mail is encrypted (PGP/MIME or S/MIME).');
  }
  const attachments = email.attachments.filter((attachment) => attachment.related !== true);
  let text = email.text;
  if (isBlank(email.text) && isBlank(email.html) && attachments.length === 0) {
    text = unreadMimeBody(bytes);
    if (text !== undefined)
      ctx.warn(
        'mime_structure_unread',
        `${name}: its MIME parts could not be told apart (a boundary or a part's headers are malformed); its body is given as written, less boundary and part header lines.`,
      );
  }
  return {
    subject: email.subject?.trim() === '' ? undefined : email.subject?.trim(),
    from: addresses(email.from)[0],
    to: addresses(email.to),
    cc: addresses(email.cc),
    date: email.date,
    html: email.html,
    text,
    attachments: attachments.map((attachment, index) => {
      const content = toBytes(attachment.content);
      return {
        name: attachment.filename ?? `attachment-${String(index + 1)}${nameExtension(attachment.mimeType)}`,
        mediaType: attachment.mimeType,
        sizeBytes: content.byteLength,
        read: () => content,
      };
    }),
  };
}

/**
 * An RFC 822 / MIME message (.eml) as a document ({@link parseMimeMessage}). A message saved as
 * UTF-16 is transcoded first.
 */
export const readEml: FormatReader = async (file, ctx) => {
  const { bytes, guessed } = toUtf8MessageBytes(readFileSync(file.path));
  if (guessed !== undefined)
    ctx.warn(
      'encoding_guessed',
      `${file.name} has no byte-order mark but its NUL bytes say ${guessed.toUpperCase()}; decoded as that.`,
    );
  return messageDocument(await parseMimeMessage(bytes, file.name, ctx), { format: 'MIME' }, ctx);
};
