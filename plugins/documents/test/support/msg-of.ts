import CFB from 'cfb';

/** A recipient of a test message. */
export interface MsgRecipient {
  name: string;
  smtpAddress: string;
  /** MAPI recipient type: 1 To, 2 Cc, 3 Bcc. */
  type: 1 | 2 | 3;
}

/** A file attached to a test message, or (with `message`) an embedded message (an OLE storage). */
export type MsgAttachment = { fileName: string; mimeTag: string; content: Buffer } | { message: MsgFields };

/** The properties of a test message; strings are written as Unicode (PT_UNICODE) streams. */
export interface MsgFields {
  messageClass: string;
  subject?: string;
  senderName?: string;
  senderSmtpAddress?: string;
  body?: string;
  /** PidTagHtml (binary, PT_BINARY): the bytes as given. */
  html?: Buffer;
  /** PidTagClientSubmitTime. */
  submitTime?: Date;
  recipients?: MsgRecipient[];
  attachments?: MsgAttachment[];
}

const unicode = (text: string): Buffer => Buffer.from(text, 'utf16le');
const hex4 = (value: number): string => value.toString(16).toUpperCase().padStart(4, '0');
const stream = (id: number, type: number): string => `__substg1.0_${hex4(id)}${hex4(type)}`;

/** A fixed-size property entry of a `__properties_version1.0` stream (tag, flags, 8-byte value). */
function propertyEntry(id: number, type: number, value: Buffer): Buffer {
  const entry = Buffer.alloc(16);
  entry.writeUInt32LE(((id << 16) | type) >>> 0, 0);
  entry.writeUInt32LE(0x6, 4); // readable | writable
  value.copy(entry, 8, 0, 8);
  return entry;
}

function fileTime(date: Date): Buffer {
  const ticks = (BigInt(date.getTime()) + 11_644_473_600_000n) * 10_000n;
  const value = Buffer.alloc(8);
  value.writeBigUInt64LE(ticks);
  return value;
}

type AddStream = (path: string, content: Buffer) => void;

/**
 * Writes a message's streams under `prefix` (the root, or an attachment's `__substg1.0_3701000D`
 * storage for an embedded message, whose property stream has a 24-byte header instead of 32).
 */
function addMessage(add: AddStream, prefix: string, fields: MsgFields, embedded: boolean): void {
  const recipients = fields.recipients ?? [];
  const attachments = fields.attachments ?? [];
  add(`${prefix}${stream(0x001a, 0x001f)}`, unicode(fields.messageClass));
  if (fields.subject !== undefined) add(`${prefix}${stream(0x0037, 0x001f)}`, unicode(fields.subject));
  if (fields.senderName !== undefined) add(`${prefix}${stream(0x0c1a, 0x001f)}`, unicode(fields.senderName));
  if (fields.senderSmtpAddress !== undefined)
    add(`${prefix}${stream(0x5d01, 0x001f)}`, unicode(fields.senderSmtpAddress));
  if (fields.body !== undefined) add(`${prefix}${stream(0x1000, 0x001f)}`, unicode(fields.body));
  if (fields.html !== undefined) add(`${prefix}${stream(0x1013, 0x0102)}`, fields.html);
  // The message's property stream: a header (counts of recipients and attachments), then entries.
  const header = Buffer.alloc(embedded ? 24 : 32);
  header.writeUInt32LE(recipients.length, 8);
  header.writeUInt32LE(attachments.length, 12);
  header.writeUInt32LE(recipients.length, 16);
  header.writeUInt32LE(attachments.length, 20);
  const rootEntries =
    fields.submitTime === undefined ? [] : [propertyEntry(0x0039, 0x0040, fileTime(fields.submitTime))];
  add(`${prefix}__properties_version1.0`, Buffer.concat([header, ...rootEntries]));
  for (const [index, recipient] of recipients.entries()) {
    const folder = `${prefix}__recip_version1.0_#${index.toString(16).toUpperCase().padStart(8, '0')}`;
    add(`${folder}/${stream(0x3001, 0x001f)}`, unicode(recipient.name));
    add(`${folder}/${stream(0x39fe, 0x001f)}`, unicode(recipient.smtpAddress));
    const type = Buffer.alloc(8);
    type.writeUInt32LE(recipient.type);
    add(
      `${folder}/__properties_version1.0`,
      Buffer.concat([Buffer.alloc(8), propertyEntry(0x0c15, 0x0003, type)]),
    );
  }
  for (const [index, attachment] of attachments.entries()) {
    const folder = `${prefix}__attach_version1.0_#${index.toString(16).toUpperCase().padStart(8, '0')}`;
    add(`${folder}/__properties_version1.0`, Buffer.alloc(8));
    if ('message' in attachment) {
      addMessage(add, `${folder}/${stream(0x3701, 0x000d)}/`, attachment.message, true);
      continue;
    }
    add(`${folder}/${stream(0x3707, 0x001f)}`, unicode(attachment.fileName));
    add(`${folder}/${stream(0x370e, 0x001f)}`, unicode(attachment.mimeTag));
    add(`${folder}/${stream(0x3701, 0x0102)}`, attachment.content);
  }
}

/**
 * An Outlook .msg (MS-OXMSG: an OLE compound file written by SheetJS `cfb`) holding these
 * properties, for tests: no well-kept npm library writes .msg files.
 */
export function msgOf(fields: MsgFields): Buffer {
  const file = CFB.utils.cfb_new();
  const add: AddStream = (path, content) => {
    CFB.utils.cfb_add(file, `/${path}`, content);
  };
  addMessage(add, '', fields, false);
  add('__nameid_version1.0/__substg1.0_00020102', Buffer.alloc(0));
  add('__nameid_version1.0/__substg1.0_00030102', Buffer.alloc(0));
  add('__nameid_version1.0/__substg1.0_00040102', Buffer.alloc(0));
  return Buffer.from(CFB.write(file, { type: 'buffer' }) as Uint8Array);
}
