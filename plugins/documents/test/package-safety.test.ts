import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPackage } from '../src/internal/open-package.js';
import { parseXml, textOf } from '../src/internal/parse-xml.js';
import { zipOf } from './support/zip-of.js';

describe('document packages are read with their limits', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'documents-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const write = async (name: string, entries: Record<string, string | Buffer>): Promise<string> => {
    const path = join(dir, name);
    await writeFile(path, await zipOf(entries));
    return path;
  };

  it('lists parts and reads them', async () => {
    const path = await write('ok.zip', {
      'word/document.xml': '<w:document>héllo</w:document>',
      'a/b.bin': Buffer.from([1, 2]),
    });
    const pkg = await openPackage(path, (await stat(path)).size);
    expect([...pkg.names].sort()).toEqual(['a/b.bin', 'word/document.xml']);
    expect(await pkg.readText('word/document.xml')).toBe('<w:document>héllo</w:document>');
    expect([...(await pkg.readBytes('a/b.bin'))]).toEqual([1, 2]);
    await expect(pkg.readText('missing.xml')).rejects.toMatchObject({ code: 'corrupt_file' });
    pkg.close();
  });

  it('refuses too many parts, a package that inflates past its limit and a zip bomb ratio', async () => {
    const many = await write(
      'many.zip',
      Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`p${String(i)}.xml`, '<a/>'])),
    );
    await expect(
      openPackage(many, (await stat(many)).size, {
        maximumEntries: 10,
        maximumUncompressedBytes: 1e9,
        maximumCompressionRatio: 100,
        maximumPartBytes: 1e9,
      }),
    ).rejects.toMatchObject({ code: 'archive_unsafe' });
    const bomb = await write('bomb.zip', { 'word/document.xml': Buffer.alloc(40 * 1024 * 1024, 0x20) });
    const size = (await stat(bomb)).size;
    await expect(openPackage(bomb, size)).rejects.toMatchObject({ code: 'archive_unsafe' });
    await expect(
      openPackage(bomb, size, {
        maximumEntries: 10,
        maximumUncompressedBytes: 1024 * 1024,
        maximumCompressionRatio: 1e9,
        maximumPartBytes: 1e9,
      }),
    ).rejects.toMatchObject({ code: 'archive_unsafe' });
  });

  it('refuses a file that is not a zip as corrupt', async () => {
    const path = join(dir, 'not.zip');
    await writeFile(path, 'plain text, not a package');
    await expect(openPackage(path, 25)).rejects.toMatchObject({ code: 'corrupt_file' });
  });
});

describe('XML parts are parsed strictly', () => {
  it('builds the tree in document order with entities and CDATA', () => {
    const root = parseXml(
      '<?xml version="1.0"?><w:p a="1"><w:r><w:t>A &amp; B</w:t></w:r><![CDATA[<c>]]></w:p>',
      'x.xml',
    );
    expect(root.name).toBe('w:p');
    expect(root.attributes).toEqual({ a: '1' });
    expect(textOf(root)).toBe('A & B<c>');
  });

  it('never reads a DTD: the billion-laughs and external entities are refused', () => {
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]><lolz>&lol2;</lolz>';
    expect(() => parseXml(laughs, 'bomb.xml')).toThrow(expect.objectContaining({ code: 'archive_unsafe' }));
    const external = '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>';
    expect(() => parseXml(external, 'xxe.xml')).toThrow(expect.objectContaining({ code: 'archive_unsafe' }));
    expect(() => parseXml('<a>&undeclared;</a>', 'u.xml')).toThrow(
      expect.objectContaining({ code: 'corrupt_file' }),
    );
    expect(() => parseXml('<a><b></a>', 'bad.xml')).toThrow(
      expect.objectContaining({ code: 'corrupt_file' }),
    );
  });
});
