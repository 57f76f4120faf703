import CFB from 'cfb';
import { describe, expect, it } from 'vitest';
import { readMsg } from '../src/mail/read-msg.js';
import { markdownOf } from './support/markdown-of.js';
import { msgOf, type MsgFields } from './support/msg-of.js';
import { readBytes } from './support/read-bytes.js';
import { zipOf } from './support/zip-of.js';

const read = (bytes: Buffer) => readBytes(readMsg, bytes, 'message.msg', 'application/vnd.ms-outlook');

const NOTE: MsgFields = {
  messageClass: 'IPM.Note',
  subject: 'Quarterly réport',
  senderName: 'Ann Lee',
  senderSmtpAddress: 'ann@example.com',
  body: 'Hello team,\r\n\r\nThe numbers are attached.\r\nAnn',
  submitTime: new Date('2024-01-02T09:00:00Z'),
  recipients: [
    { name: 'Bob', smtpAddress: 'bob@example.com', type: 1 },
    { name: 'Cy', smtpAddress: 'cy@example.com', type: 2 },
    { name: 'Hidden', smtpAddress: 'bcc@example.com', type: 3 },
  ],
  attachments: [{ fileName: 'data.csv', mimeTag: 'text/csv', content: Buffer.from('a,b\n1,2\n') }],
};

describe('msg', () => {
  it('reads headers, the text body and attachments of an Outlook message', async () => {
    const { document } = await read(msgOf(NOTE));
    expect(markdownOf(document.root)).toBe(
      [
        '# Quarterly réport',
        '',
        'From: Ann Lee \\<ann\\@example.com>\\',
        'To: Bob \\<bob\\@example.com>\\',
        'Cc: Cy \\<cy\\@example.com>\\',
        'Date: 2024-01-02T09:00:00.000Z',
        '',
        'Hello team,',
        '',
        'The numbers are attached.\\',
        'Ann',
        '',
        '## Attachments',
        '',
        '- data.csv (text/csv, 8 B)',
        '',
      ].join('\n'),
    );
    expect(document.root.children.map((block) => block.data?.provenance?.path)).toEqual([
      'header',
      'header',
      'text/plain',
      'text/plain',
      'attachments',
      'attachments',
    ]);
    expect(document.metadata).toEqual({
      title: 'Quarterly réport',
      author: 'Ann Lee <ann@example.com>',
      publishedTime: '2024-01-02T09:00:00.000Z',
      facts: { format: 'Outlook', messageClass: 'IPM.Note', attachments: 1 },
    });
  });

  it('prefers the HTML body, decoded in its declared charset', async () => {
    const html = Buffer.from(
      '<html><head><meta charset="windows-1252"></head><body><p>Caf\u00e9 <i>menu</i></p></body></html>',
      'latin1',
    );
    const { document } = await read(msgOf({ ...NOTE, html, attachments: [] }));
    expect(markdownOf(document.root)).toContain('Date: 2024-01-02T09:00:00.000Z\n\nCafé *menu*\n');
    expect(document.root.children[2]?.data?.provenance).toEqual({ path: 'text/html' });
  });

  it('refuses S/MIME encrypted messages, other compound files, a zip and a truncated message', async () => {
    await expect(read(msgOf({ ...NOTE, messageClass: 'IPM.Note.SMIME' }))).rejects.toMatchObject({
      code: 'encrypted_document',
    });
    const signed = await read(msgOf({ ...NOTE, messageClass: 'IPM.Note.SMIME.MultipartSigned' }));
    expect(signed.document.metadata.title).toBe('Quarterly réport');
    const word = CFB.utils.cfb_new();
    CFB.utils.cfb_add(word, '/WordDocument', Buffer.from('not a message'));
    await expect(read(Buffer.from(CFB.write(word, { type: 'buffer' }) as Uint8Array))).rejects.toMatchObject({
      code: 'unsupported_content',
    });
    await expect(read(Buffer.from(await zipOf({ 'a.txt': 'x' })))).rejects.toMatchObject({
      code: 'corrupt_file',
    });
    const whole = msgOf(NOTE);
    await expect(read(whole.subarray(0, 1024))).rejects.toMatchObject({ code: 'corrupt_file' });
  });
});
