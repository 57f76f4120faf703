import { msgOf } from '../support/msg-of.js';

const CRLF = '\r\n';

/**
 * A MIME message as mail clients send it: an encoded-word subject, a multipart/alternative body
 * (plain text and HTML with a list and a link) and a small text attachment.
 */
export function writeEmlMessage(): Promise<Buffer> {
  const html =
    '<html><body><p>Hello Bo,</p><p>The spring harvest is in: <b>40 kg</b> from twelve hives.</p>' +
    '<ul><li>North: 14 kg</li><li>South: 26 kg</li></ul>' +
    '<p>Photos are on <a href="https://example.com/apiary/photos">the apiary site</a>.</p><p>Ana</p></body></html>';
  const text =
    'Hello Bo,\r\n\r\nThe spring harvest is in: 40 kg from twelve hives.\r\n\r\n- North: 14 kg\r\n- South: 26 kg\r\n\r\nAna\r\n';
  const message = [
    'From: Ana Lima <ana@example.com>',
    'To: Bo Berg <bo@example.com>',
    'Cc: Valley Beekeepers <club@example.com>',
    'Subject: =?UTF-8?B?U3ByaW5nIGhhcnZlc3Qg4oCUIHLDqXN1bcOp?=',
    'Date: Thu, 15 Jan 2026 09:30:00 +0000',
    'Message-ID: <harvest-2026@example.com>',
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="mixed-1"',
    '',
    '--mixed-1',
    'Content-Type: multipart/alternative; boundary="alt-1"',
    '',
    '--alt-1',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    text,
    '--alt-1',
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    html,
    '--alt-1--',
    '--mixed-1',
    'Content-Type: text/csv; charset=utf-8; name="harvest.csv"',
    'Content-Disposition: attachment; filename="harvest.csv"',
    'Content-Transfer-Encoding: base64',
    '',
    Buffer.from('hive,kg\nNorth,14\nSouth,26\n').toString('base64'),
    '--mixed-1--',
    '',
  ].join(CRLF);
  return Promise.resolve(Buffer.from(message, 'utf8'));
}

/** An Outlook message (OLE compound file): sender, To and Cc recipients, a sent time, a plain body. */
export function writeMsgMessage(): Promise<Buffer> {
  return Promise.resolve(
    msgOf({
      messageClass: 'IPM.Note',
      subject: 'Queen order for May',
      senderName: 'Bo Berg',
      senderSmtpAddress: 'bo@example.com',
      submitTime: new Date(Date.UTC(2026, 0, 15, 9, 30)),
      recipients: [
        { name: 'Ana Lima', smtpAddress: 'ana@example.com', type: 1 },
        { name: 'Valley Beekeepers', smtpAddress: 'club@example.com', type: 2 },
      ],
      body:
        'Hi Ana,\r\n\r\nI ordered six Buckfast queens from Lyon for the weak colonies. ' +
        'They arrive on 12 May; please mark them in blue.\r\n\r\nBo\r\n',
    }),
  );
}

/**
 * A mailbox as Thunderbird exports one: the e-mail of {@link writeEmlMessage}, then a Latin-1 reply
 * whose body quotes a line starting with `From ` (`>From `, as the mailbox writes it), each after
 * its `From ` separator line.
 */
export async function writeMboxMailbox(): Promise<Buffer> {
  const reply = [
    'From: Bo Berg <bo@example.com>',
    'To: Ana Lima <ana@example.com>',
    'Subject: Re: Spring harvest',
    'Date: Thu, 15 Jan 2026 11:05:00 +0000',
    'In-Reply-To: <harvest-2026@example.com>',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=ISO-8859-1',
    'Content-Transfer-Encoding: 8bit',
    '',
    'Thanks Ana, that is a fine harvest.',
    '',
    '>From the south hives alone, 26 kg: the caf\u00e9 will take all of it.',
    '',
    'Bo',
    '',
  ].join(CRLF);
  return Buffer.concat([
    Buffer.from(`From ana@example.com Thu Jan 15 09:30:00 2026${CRLF}`),
    await writeEmlMessage(),
    Buffer.from(`${CRLF}From bo@example.com Thu Jan 15 11:05:00 2026${CRLF}`),
    Buffer.from(reply, 'latin1'),
  ]);
}
