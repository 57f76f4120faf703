import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RootContent } from 'mdast';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '@transmute/engine';
import type { NormalizedDocument } from '@transmute/plugin-sdk';
import { createDocumentsSource } from '../src/index.js';

const INVITE = [
  'BEGIN:VCALENDAR',
  'METHOD:REQUEST',
  'BEGIN:VEVENT',
  'SUMMARY:Hive inspection',
  'DTSTART;TZID=Europe/Lisbon:20260412T100000',
  'DTEND;TZID=Europe/Lisbon:20260412T113000',
  'LOCATION:North apiary',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

const INVITATION_MAIL = [
  'From: Ana <ana@example.com>',
  'To: bo@example.com',
  'Subject: Invitation: Hive inspection',
  'MIME-Version: 1.0',
  'Content-Type: multipart/mixed; boundary="b1"',
  '',
  '--b1',
  'Content-Type: text/plain; charset=utf-8',
  '',
  'You are invited.',
  '--b1',
  'Content-Type: text/calendar; charset=utf-8; method=REQUEST; name="invite.ics"',
  'Content-Disposition: attachment; filename="invite.ics"',
  '',
  INVITE,
  '--b1--',
  '',
].join('\r\n');

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'calendar-engine-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function prepare(name: string, mediaType: string, text: string): Promise<NormalizedDocument> {
  const path = join(dir, name);
  await writeFile(path, text);
  const engine = createEngine({ plugins: [createDocumentsSource()] });
  try {
    const { document } = await engine.prepare({
      type: 'files',
      files: [{ fileId: 'file_1', name, mediaType, sizeBytes: Buffer.byteLength(text), path }],
    });
    return document;
  } finally {
    await engine.close();
  }
}

const textOf = (node: RootContent): string =>
  'children' in node ? node.children.map(textOf).join(' ') : 'value' in node ? node.value : '';

describe('calendars and contacts through the engine', () => {
  it.each([
    ['invite.ics', 'text/calendar; method=REQUEST'],
    ['upload', 'application/ics'],
  ])('%s declared %s is read as its event', async (name, mediaType) => {
    const document = await prepare(name, mediaType, INVITE);
    expect(document.root.children.map(textOf)).toEqual([
      'Hive inspection',
      'When: 2026-04-12 10:00–11:30 (Europe/Lisbon)  Where: North apiary',
    ]);
  });

  it("an invitation's .ics attachment is read as the event it holds", async () => {
    const document = await prepare('invitation.eml', 'message/rfc822', INVITATION_MAIL);
    const texts = document.root.children.map(textOf);
    expect(texts).toContain('Attachment: invite.ics');
    expect(texts).toContain('Hive inspection');
    expect(texts.join('\n')).toContain('When: 2026-04-12 10:00–11:30 (Europe/Lisbon)');
  });

  it('a .vcf declared text/x-vcard is read as its contact', async () => {
    const document = await prepare(
      'bo.vcf',
      'text/x-vcard',
      'BEGIN:VCARD\r\nFN:Bo Berg\r\nTEL:+351 1\r\nEND:VCARD\r\n',
    );
    expect(document.root.children.map(textOf)).toEqual(['Bo Berg', 'Phone: +351 1']);
  });
});
