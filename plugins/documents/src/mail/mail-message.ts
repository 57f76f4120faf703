import type { EmbeddedFile } from '../internal/write-attachments.js';

/** An attachment of an e-mail: listed with its type and size, its bytes written for the engine on demand. */
export interface MailAttachment extends EmbeddedFile {
  /** Undefined when the source does not say (an embedded .msg message is a storage, not a stream). */
  sizeBytes: number | undefined;
}

/** An e-mail as read from its file (MIME or Outlook), before it becomes a document. */
export interface MailMessage {
  subject: string | undefined;
  from: string | undefined;
  to: string[];
  cc: string[];
  /** As the message states it (ISO 8601 where it parsed). */
  date: string | undefined;
  html: string | undefined;
  text: string | undefined;
  attachments: MailAttachment[];
}

/** `Name <address>`, or the one that is present. */
export function formatMailbox(name: string | undefined, address: string | undefined): string | undefined {
  const cleanName = name?.trim() ?? '';
  const cleanAddress = address?.trim() ?? '';
  if (cleanName !== '' && cleanAddress !== '' && cleanName !== cleanAddress)
    return `${cleanName} <${cleanAddress}>`;
  const either = cleanName || cleanAddress;
  return either === '' ? undefined : either;
}
