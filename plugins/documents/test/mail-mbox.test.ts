import { describe, expect, it } from 'vitest';
import { readMbox, splitMbox } from '../src/mail/read-mbox.js';
import { markdownOf } from './support/markdown-of.js';
import { readBytes } from './support/read-bytes.js';

const read = (mbox: string | Buffer) => readBytes(readMbox, mbox, 'inbox.mbox', 'application/mbox');

const MBOX = [
  'From alice@example.com Mon Jan 12 09:30:00 2026',
  'From: Alice <alice@example.com>',
  'To: Bob <bob@example.com>',
  'Subject: =?ISO-8859-1?Q?Ruche_n=B03?=',
  'Date: Mon, 12 Jan 2026 09:30:00 +0000',
  'Content-Type: text/plain; charset=ISO-8859-1',
  'Content-Transfer-Encoding: 8bit',
  '',
  'Hi Bob, the hive is calm.',
  '>From the north side, all quiet. Caf\u00e9 later?',
  '',
  'From bob@example.com Mon Jan 12 10:00:00 2026',
  'From: Bob <bob@example.com>',
  'To: Alice <alice@example.com>',
  'Date: Mon, 12 Jan 2026 10:00:00 +0000',
  '',
  'Thanks Alice!',
  '',
].join('\r\n');

describe('splitMbox', () => {
  it('cuts at `From ` lines that open the file or follow an empty line, and unquotes `>From `', () => {
    const messages = splitMbox(MBOX);
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatch(/^From: Alice/);
    expect(messages[0]).toContain('\nFrom the north side');
    expect(splitMbox('From a@b Mon\nSubject: x\n\nbody\nFrom here on, text.\n')).toHaveLength(1);
  });
});

describe('readMbox', () => {
  it('reads each message as its own section in mailbox order, charsets decoded', async () => {
    const { document, warnings } = await read(Buffer.from(MBOX, 'latin1'));
    expect(warnings).toEqual([]);
    expect(markdownOf(document.root)).toBe(
      [
        '# Ruche n°3',
        '',
        'From: Alice \\<alice\\@example.com>\\',
        'To: Bob \\<bob\\@example.com>\\',
        'Date: 2026-01-12T09:30:00.000Z',
        '',
        'Hi Bob, the hive is calm.\\',
        'From the north side, all quiet. Café later?',
        '',
        '# (no subject)',
        '',
        'From: Bob \\<bob\\@example.com>\\',
        'To: Alice \\<alice\\@example.com>\\',
        'Date: 2026-01-12T10:00:00.000Z',
        '',
        'Thanks Alice!',
        '',
      ].join('\n'),
    );
    expect(document.root.children[0]?.data?.provenance).toEqual({ path: 'messages/1/header' });
    expect(document.metadata.facts).toEqual({ format: 'mbox', messages: 2, attachments: 0 });
  });

  it('skips a message it cannot read with a warning, and refuses a file with no message', async () => {
    const { document, warnings } = await read(`From x@y Mon\nnot a header line\n\n${MBOX}`);
    expect(document.metadata.facts).toMatchObject({ messages: 2 });
    expect(warnings).toEqual([expect.stringMatching(/^message_unreadable: inbox\.mbox: message 1 /)]);
    await expect(read('Just some text.\n')).rejects.toMatchObject({ code: 'corrupt_file' });
  });
});
