import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeSourceAdapter } from '@transmute/plugin-sdk/testing';
import { createDocumentsSource } from '../src/index.js';
import { docxOf, p } from './support/docx-of.js';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const dir = await mkdtemp(join(tmpdir(), 'documents-conformance-'));
const report = join(dir, 'report.docx');
await writeFile(
  report,
  await docxOf({
    body: p('Quarterly report', 'Heading1') + p('Revenue grew in every region.'),
    styles: '<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/></w:style>',
  }),
);
const truncated = join(dir, 'truncated.docx');
const whole = await docxOf({ body: p('This package is cut in half before its central directory.') });
await writeFile(truncated, whole.subarray(0, Math.floor(whole.length / 2)));

const mail = join(dir, 'mail.eml');
await writeFile(
  mail,
  [
    'From: a@example.com',
    'Subject: Numbers attached',
    'Content-Type: multipart/mixed; boundary="b"',
    '',
    '--b',
    'Content-Type: text/plain',
    '',
    'The numbers are attached.',
    '--b',
    'Content-Type: text/csv; name="numbers.csv"',
    'Content-Disposition: attachment; filename="numbers.csv"',
    '',
    'region,units',
    '--b--',
    '',
  ].join('\r\n'),
);

describeSourceAdapter('source.documents', {
  create: () => createDocumentsSource(),
  cases: [
    {
      name: 'a Word document',
      path: report,
      mediaType: DOCX,
      expectText: ['Quarterly report', 'every region'],
    },
    { name: 'a truncated Word document', path: truncated, mediaType: DOCX, expectFailure: 'corrupt_file' },
    {
      name: 'an e-mail with an attachment (written into the workDir)',
      path: mail,
      mediaType: 'message/rfc822',
      expectText: ['Numbers attached', 'numbers.csv'],
      expectProvenance: 'path',
    },
  ],
});
