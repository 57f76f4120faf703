import { readFileSync } from 'node:fs';
import msgreaderModule, { type FieldsData } from '@kenjiuno/msgreader';
import { TransmuteError } from '@transmute/plugin-sdk';
import type { FormatReader } from '../internal/format-reader.js';
import { OLE_MAGIC } from '../internal/refuse-encrypted.js';
import { checkCompoundFile } from '../internal/check-compound-file.js';
import { formatMailbox, type MailAttachment, type MailMessage } from './mail-message.js';
import { messageDocument } from './message-document.js';

// A CommonJS package: under Node's ESM (and TypeScript's nodenext) the default import is
// `module.exports`, whose `default` is the class; vitest's interop may hand the class itself.
type MsgReaderClass = typeof msgreaderModule.default;
type MsgReader = InstanceType<MsgReaderClass>;
const MsgReader: MsgReaderClass =
  typeof msgreaderModule === 'function' ? msgreaderModule : msgreaderModule.default;

/** S/MIME (`IPM.Note.SMIME`, not `.MultipartSigned`) and Rights Management (`rpmsg`) bodies are ciphertext. */
const ENCRYPTED_CLASS = /^IPM\.Note\.(?:SMIME(?!\.MultipartSigned)|.*rpmsg)/i;

/** Exchange-internal (X.500) addresses are not addresses a reader can use. */
const usableAddress = (address: string | undefined): string | undefined =>
  address === undefined || address.startsWith('/') ? undefined : address;

function toIsoDate(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : new Date(time).toISOString();
}

function recipients(fields: FieldsData, type: 'to' | 'cc'): string[] {
  return (fields.recipients ?? [])
    .filter((recipient) => (recipient.recipType ?? 'to') === type)
    .map((recipient) =>
      formatMailbox(recipient.name, recipient.smtpAddress ?? usableAddress(recipient.email)),
    )
    .filter((text): text is string => text !== undefined);
}

/**
 * The visible attachments; an embedded message (an OLE storage, not a stream) is written back as
 * a .msg file of its own by msgreader, so it reads like an attached .msg.
 */
function attachments(reader: MsgReader, fields: FieldsData): MailAttachment[] {
  return (fields.attachments ?? [])
    .filter((attachment) => attachment.attachmentHidden !== true)
    .map((attachment, index) => {
      const read = (): Uint8Array => reader.getAttachment(attachment).content;
      if (attachment.innerMsgContent === true) {
        const subject = attachment.innerMsgContentFields?.subject ?? attachment.name;
        return {
          name: `${subject ?? `message-${String(index + 1)}`}.msg`,
          mediaType: 'application/vnd.ms-outlook',
          sizeBytes: undefined,
          read,
        };
      }
      return {
        name:
          attachment.fileName ??
          attachment.fileNameShort ??
          attachment.name ??
          `attachment-${String(index + 1)}`,
        mediaType: attachment.attachMimeTag ?? 'application/octet-stream',
        sizeBytes: attachment.contentLength ?? 0,
        read,
      };
    });
}

/** The HTML body: a Unicode property, else the binary one (PidTagHtml), whose bytes are UTF-8 or declare their charset. */
function htmlBody(fields: FieldsData): string | undefined {
  if (fields.bodyHtml !== undefined && fields.bodyHtml.trim() !== '') return fields.bodyHtml;
  if (fields.html === undefined || fields.html.length === 0) return undefined;
  const head = new TextDecoder('latin1').decode(fields.html.subarray(0, 2048));
  const charset = /charset\s*=\s*["']?([\w-]+)/i.exec(head)?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(fields.html);
  } catch {
    return new TextDecoder('utf-8').decode(fields.html);
  }
}

function parseMsg(bytes: Buffer): { reader: MsgReader; fields: FieldsData } {
  // msgreader follows chains and links unchecked: a cycle would loop forever or overflow its stack.
  if (bytes.subarray(0, OLE_MAGIC.length).equals(OLE_MAGIC)) checkCompoundFile(bytes, 'The Outlook message');
  try {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const reader = new MsgReader(view);
    return { reader, fields: reader.getFileData() };
  } catch (error) {
    throw new TransmuteError('corrupt_file', `The Outlook message is corrupt: ${String(error)}`, {
      cause: error,
    });
  }
}

/**
 * An Outlook message (.msg, an OLE compound file), read by @kenjiuno/msgreader (MAPI properties,
 * ANSI codepages and Unicode strings, recipients, attachments, embedded messages): the same
 * document as an .eml (header block, HTML body else the text body, attachments listed and written
 * for the engine, embedded messages as .msg files). Hidden
 * attachments (inline images) are part of the body. S/MIME and Rights-Management-protected
 * messages are `encrypted_document`. The RTF-only body some messages keep is not read.
 */
export const readMsg: FormatReader = async (file, ctx) => {
  const { reader, fields } = parseMsg(readFileSync(file.path));
  if (fields.error !== undefined) {
    throw new TransmuteError('corrupt_file', `The file is not an Outlook message (${fields.error}).`);
  }
  const messageClass = fields.messageClass;
  if (messageClass === undefined && fields.subject === undefined && fields.body === undefined) {
    throw new TransmuteError(
      'unsupported_content',
      'The compound file is not an Outlook message (it has no message class, subject or body).',
    );
  }
  if (messageClass !== undefined && ENCRYPTED_CLASS.test(messageClass)) {
    throw new TransmuteError('encrypted_document', `The Outlook message is encrypted (${messageClass}).`);
  }
  const subject = fields.subject?.trim();
  const message: MailMessage = {
    subject: subject === '' ? undefined : subject,
    from: formatMailbox(fields.senderName, fields.senderSmtpAddress ?? usableAddress(fields.senderEmail)),
    to: recipients(fields, 'to'),
    cc: recipients(fields, 'cc'),
    date: toIsoDate(fields.clientSubmitTime ?? fields.messageDeliveryTime ?? fields.creationTime),
    html: htmlBody(fields),
    text: fields.body,
    attachments: attachments(reader, fields),
  };
  return messageDocument(
    message,
    { format: 'Outlook', ...(messageClass !== undefined ? { messageClass } : {}) },
    ctx,
  );
};
