import { describe, expect, it } from 'vitest';
import { readEml } from '../src/mail/read-eml.js';
import { markdownOf } from './support/markdown-of.js';
import { readBytes } from './support/read-bytes.js';

const read = (eml: string | Buffer) => readBytes(readEml, eml, 'message.eml', 'message/rfc822');

const html = Buffer.from(
  '<html><head><style>p{color:red}</style></head><body><p>Hello <b>Zoë</b>,</p><ul><li>agenda</li><li>minutes</li></ul><p><img src="cid:logo@x" alt="Logo"></p></body></html>',
).toString('base64');
const pdf = Buffer.from('%PDF-1.4 tiny').toString('base64');

const MIXED = [
  'From: =?UTF-8?Q?Ren=C3=A9e_Dupr=C3=A9?= <renee@example.com>',
  'To: Bob <bob@example.com>, carol@example.com',
  'Cc: Team: dan@example.com, erin@example.com;',
  'Date: Tue, 02 Jan 2024 10:00:00 +0100',
  'Subject: =?ISO-8859-1?Q?R=E9union_de_l=27=E9quipe?=',
  'MIME-Version: 1.0',
  'Content-Type: multipart/mixed; boundary="outer"',
  '',
  '--outer',
  'Content-Type: multipart/related; boundary="rel"',
  '',
  '--rel',
  'Content-Type: multipart/alternative; boundary="alt"',
  '',
  '--alt',
  'Content-Type: text/plain; charset=ISO-8859-1',
  'Content-Transfer-Encoding: quoted-printable',
  '',
  'Hello Zo=EB,',
  '',
  '- agenda',
  '--alt',
  'Content-Type: text/html; charset=UTF-8',
  'Content-Transfer-Encoding: base64',
  '',
  html,
  '--alt--',
  '--rel',
  'Content-Type: image/png',
  'Content-ID: <logo@x>',
  'Content-Transfer-Encoding: base64',
  '',
  'iVBORw0KGgo=',
  '--rel--',
  '--outer',
  'Content-Type: application/pdf; name="=?UTF-8?Q?r=C3=A9sum=C3=A9.pdf?="',
  "Content-Disposition: attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf",
  'Content-Transfer-Encoding: base64',
  '',
  pdf,
  '--outer--',
  '',
].join('\r\n');

describe('eml', () => {
  it('reads headers, the HTML body as markdown and lists attachments (RFC 2047, RFC 2231, base64)', async () => {
    const { document } = await read(MIXED);
    expect(markdownOf(document.root)).toBe(
      [
        "# Réunion de l'équipe",
        '',
        // remark-stringify escapes what would otherwise be an autolink or HTML.
        'From: Renée Dupré \\<renee\\@example.com>\\',
        'To: Bob \\<bob\\@example.com>, carol\\@example.com\\',
        'Cc: Team: dan\\@example.com, erin\\@example.com\\',
        'Date: 2024-01-02T09:00:00.000Z',
        '',
        'Hello **Zoë**,',
        '',
        '- agenda',
        '- minutes',
        '',
        '![Logo](cid:logo@x)',
        '',
        '## Attachments',
        '',
        '- résumé.pdf (application/pdf, 13 B)',
        '',
      ].join('\n'),
    );
    expect(document.root.children.map((block) => block.data?.provenance?.path)).toEqual([
      'header',
      'header',
      'text/html',
      'text/html',
      'text/html',
      'attachments',
      'attachments',
    ]);
    expect(document.metadata).toEqual({
      title: "Réunion de l'équipe",
      author: 'Renée Dupré <renee@example.com>',
      publishedTime: '2024-01-02T09:00:00.000Z',
      facts: { format: 'MIME', attachments: 1 },
    });
  });

  it('reads an ISO-8859-1 quoted-printable text body line by line when there is no HTML', async () => {
    const eml = [
      'From: a@example.com',
      'Subject: Plain',
      'Content-Type: text/plain; charset=ISO-8859-1',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'Bonjour =E0 tous,',
      'une ligne tr=E8s longue qui conti=',
      'nue ici.',
      '',
      '-- ',
      'Ren=E9e',
      '',
    ].join('\r\n');
    const { document } = await read(Buffer.from(eml, 'latin1'));
    expect(markdownOf(document.root)).toBe(
      '# Plain\n\nFrom: a\\@example.com\n\nBonjour à tous,\\\nune ligne très longue qui continue ici.\n\n\\--\\\nRenée\n',
    );
    expect(document.root.children[2]?.data?.provenance).toEqual({ path: 'text/plain' });
  });

  it('reads a newsletter built of layout tables as its text, data tables kept and preheaders dropped', async () => {
    const newsletter = [
      '<html><body><div style="display:none;max-height:0">Preheader nobody sees</div>',
      '<table width="100%" role="presentation"><tr><td align="center"><table><tr><td>',
      '<h1>Sale!</h1><p>Big <b>discounts</b> today.</p></td></tr>',
      '<tr><td><table border="1"><tr><th>Item</th><th>Price</th></tr><tr><td>Hat</td><td>5</td></tr></table></td></tr>',
      '<tr><td><a href="https://shop.example/">Shop now</a></td></tr></table></td></tr></table></body></html>',
    ].join('');
    const eml = `From: shop@example.com\r\nSubject: News\r\nContent-Type: text/html; charset=utf-8\r\n\r\n${newsletter}\r\n`;
    const { document } = await read(eml);
    expect(markdownOf(document.root)).toBe(
      [
        '# News',
        '',
        'From: shop\\@example.com',
        '',
        '# Sale!',
        '',
        'Big **discounts** today.',
        '',
        '| Item | Price |',
        '| ---- | ----- |',
        '| Hat  | 5     |',
        '',
        '[Shop now](https://shop.example/)',
        '',
      ].join('\n'),
    );
  });

  it('gives the body as written, with a warning, when no MIME part can be read from it', async () => {
    // The shapes of CPython's email test messages msg_31 (the boundary declared with a character
    // its delimiters lack) and msg_47 (part headers run into their body, no blank line between).
    const wrongBoundary = [
      'From: aperson@dom.ain',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary=BOUNDARY_',
      '',
      '--BOUNDARY',
      'Content-Type: text/plain',
      '',
      'message 1',
      '',
      '--BOUNDARY',
      'Content-Type: text/plain',
      '',
      'message 2',
      '',
      '--BOUNDARY--',
      '',
    ].join('\n');
    const wrong = await read(wrongBoundary);
    expect(markdownOf(wrong.document.root)).toBe('From: aperson\\@dom.ain\n\nmessage 1\n\nmessage 2\n');
    expect(wrong.warnings).toEqual([expect.stringMatching(/^mime_structure_unread: message\.eml: /)]);
    const runTogether = [
      'From: arthur@example.example',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary=foo',
      '',
      '--foo',
      'Content-Type: text/plain',
      'bar',
      '',
      '--foo--',
      '',
    ].join('\n');
    const together = await read(runTogether);
    expect(markdownOf(together.document.root)).toBe('From: arthur\\@example.example\n\nbar\n');
    expect(together.warnings).toHaveLength(1);
    // A message with headers and nothing after them is still empty.
    await expect(read('From: a@example.com\nSubject:\n\n\n')).rejects.toMatchObject({
      code: 'empty_content',
    });
  });

  it('refuses an encrypted message, a file that is not e-mail and an empty message', async () => {
    const pgp =
      'From: a@example.com\r\nContent-Type: multipart/encrypted; protocol="application/pgp-encrypted"; boundary=b\r\n\r\n--b\r\n\r\nx\r\n--b--\r\n';
    await expect(read(pgp)).rejects.toMatchObject({ code: 'encrypted_document' });
    const smime =
      'From: a@example.com\r\nContent-Type: application/pkcs7-mime; name=smime.p7m; smime-type=enveloped-data\r\n\r\nMIAGCSqGSIb3\r\n';
    await expect(read(smime)).rejects.toMatchObject({ code: 'encrypted_document' });
    await expect(read(Buffer.from([0, 1, 2, 3, 0xff]))).rejects.toMatchObject({ code: 'corrupt_file' });
    await expect(read('X-Empty: yes\r\n\r\n')).rejects.toMatchObject({ code: 'empty_content' });
  });
});
