import { ZipArchive } from 'archiver';
import { FIXTURE_INSTANT } from './run-deterministically.js';

/**
 * A zip package as ODF and EPUB require it: the `mimetype` entry first and stored (not deflated),
 * so that readers and `file` can tell the type from its first bytes, then the other parts
 * deflated; every entry dated {@link FIXTURE_INSTANT} so the bytes repeat run after run.
 */
export async function packageOf(mimetype: string, parts: Record<string, string | Buffer>): Promise<Buffer> {
  const archive = new ZipArchive({ zlib: { level: 9 } });
  const chunks: Buffer[] = [];
  archive.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    archive.on('end', resolve);
    archive.on('error', reject);
  });
  const date = new Date(FIXTURE_INSTANT);
  archive.append(mimetype, { name: 'mimetype', store: true, date });
  for (const [name, content] of Object.entries(parts)) archive.append(content, { name, date });
  await archive.finalize();
  await done;
  return Buffer.concat(chunks);
}

const XML_PROLOG = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** `META-INF/manifest.xml` of an OpenDocument package listing these parts. */
export function odfManifest(mediaType: string, parts: readonly string[]): string {
  const entries = parts
    .map((part) => `<manifest:file-entry manifest:full-path="${part}" manifest:media-type="text/xml"/>`)
    .join('');
  return (
    `${XML_PROLOG}<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3">` +
    `<manifest:file-entry manifest:full-path="/" manifest:media-type="${mediaType}"/>${entries}</manifest:manifest>`
  );
}

export { XML_PROLOG };
