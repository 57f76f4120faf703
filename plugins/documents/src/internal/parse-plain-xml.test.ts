import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openPackage } from './open-package.js';
import { parsePlainXml } from './parse-plain-xml.js';
import { createTreeBuilder, MAXIMUM_XML_DEPTH, parseXml, type XmlElement } from './parse-xml.js';
import { decodeXmlBytes } from './write-decoded.js';

const FIXTURES = fileURLToPath(new URL('../../../../fixtures/', import.meta.url));

/** The tree saxes' events build (createTreeBuilder), as JSON: what parsePlainXml must equal. */
function saxesTree(xml: string): unknown {
  const builder = createTreeBuilder('test.xml');
  builder.write(xml);
  return JSON.parse(JSON.stringify(builder.finish())) as unknown;
}

const asJson = (tree: XmlElement | undefined): unknown => JSON.parse(JSON.stringify(tree)) as unknown;

function packagesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return packagesUnder(path);
    return /\.(docx|pptx|xlsx|odt|ods|odp|epub)$/.test(name) ? [path] : [];
  });
}

describe('parsePlainXml', () => {
  it('builds the tree saxes builds for every XML part of the document fixtures it reads', async () => {
    let read = 0;
    for (const path of [
      ...packagesUnder(join(FIXTURES, 'documents')),
      ...packagesUnder(join(FIXTURES, 'documents-tables')),
    ]) {
      const pkg = await openPackage(path, statSync(path).size).catch(() => undefined);
      if (pkg === undefined) continue;
      try {
        for (const name of pkg.names.filter((part) => /\.(xml|rels)$/.test(part))) {
          const xml = decodeXmlBytes(await pkg.readBytes(name));
          const plain = parsePlainXml(xml, MAXIMUM_XML_DEPTH);
          if (plain === undefined) continue;
          read += 1;
          expect(asJson(plain), `${path}: ${name}`).toEqual(saxesTree(xml));
        }
      } finally {
        pkg.close();
      }
    }
    expect(read).toBeGreaterThan(100);
  });

  it('normalizes line breaks, white space in attribute values and references as saxes does', () => {
    const xml =
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<!-- c --><a x="1\t2\r\n3&#10;" y=\'&lt;&amp;&quot;\'>\r\nt&#x41;&gt;<b/>u<!--v-->w</a>\n';
    expect(asJson(parsePlainXml(xml, MAXIMUM_XML_DEPTH))).toEqual(saxesTree(xml));
    expect(parsePlainXml(xml, MAXIMUM_XML_DEPTH)?.children).toEqual(['\ntA>', expect.anything(), 'u', 'w']);
  });

  it.each([
    ['a DTD', '<!DOCTYPE a [<!ENTITY e "x">]><a>&e;</a>'],
    ['CDATA', '<a><![CDATA[x]]></a>'],
    ['a processing instruction', '<a><?pi x?></a>'],
    ['XML 1.1', '<?xml version="1.1"?><a/>'],
    ['a non-ASCII name', '<é/>'],
    ['a repeated attribute', '<a x="1" x="2"/>'],
    ['an attribute named __proto__', '<a __proto__="1"/>'],
    ['an undeclared entity', '<a>&nbsp;</a>'],
    ['a bare ampersand', '<a>fish & chips</a>'],
    ['a mismatched end tag', '<a><b></a></b>'],
    [']]> in text', '<a>]]></a>'],
    ['a control character', '<a>\u0001</a>'],
    ['a lone surrogate', '<a>\uD800</a>'],
    ['text after the root', '<a/>x'],
    ['attributes without white space between them', '<a x="1"y="2"/>'],
    ['an unclosed element', '<a><b/>'],
    ['a double dash in a comment', '<a><!-- x -- y --></a>'],
  ])('leaves %s to saxes, which judges it as before', (_what, xml) => {
    expect(parsePlainXml(xml, MAXIMUM_XML_DEPTH)).toBeUndefined();
    let fromSaxes: unknown;
    try {
      fromSaxes = saxesTree(xml);
    } catch (error) {
      fromSaxes = error;
    }
    let parsed: unknown;
    try {
      parsed = asJson(parseXml(xml, 'test.xml'));
    } catch (error) {
      parsed = error;
    }
    expect(parsed).toEqual(fromSaxes);
  });

  it('leaves a part nested past the depth limit to saxes, which refuses it', () => {
    const deep = '<a>'.repeat(MAXIMUM_XML_DEPTH + 1) + '</a>'.repeat(MAXIMUM_XML_DEPTH + 1);
    expect(parsePlainXml(deep, MAXIMUM_XML_DEPTH)).toBeUndefined();
    expect(() => parseXml(deep, 'deep.xml')).toThrow(expect.objectContaining({ code: 'archive_unsafe' }));
  });
});
