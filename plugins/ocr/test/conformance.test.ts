import { join, resolve } from 'node:path';
import { describeSourceAdapter } from '@transmute/plugin-sdk/testing';
import { createOcrSource } from '../src/index.js';

const fixtures = resolve(import.meta.dirname, '../../../fixtures/ocr');

describeSourceAdapter('source.ocr', {
  create: () => createOcrSource(),
  timeoutMs: 120_000,
  cases: [
    {
      name: 'a PDF with a text layer in two columns',
      path: join(fixtures, 'two-column.pdf'),
      mediaType: 'application/pdf',
      expectText: ['Reading Order in Two Columns', 'the left column comes first'],
      expectProvenance: 'page',
    },
    {
      name: 'a scanned image (OCR)',
      path: join(fixtures, 'image.png'),
      mediaType: 'image/png',
      expectText: ['quick brown fox'],
      expectProvenance: 'page',
    },
    {
      name: 'a password-protected PDF (refused)',
      path: join(fixtures, 'encrypted.pdf'),
      mediaType: 'application/pdf',
      expectFailure: 'encrypted_document',
    },
    {
      name: 'a truncated PDF (refused)',
      path: join(fixtures, 'truncated.pdf'),
      mediaType: 'application/pdf',
      expectFailure: 'corrupt_file',
    },
  ],
});
