import type { ConnectorResponse } from '@transmute/plugin-sdk';

/** The file name a response's `Content-Disposition` gives (`filename*` first, RFC 6266). */
export function dispositionFileName(response: ConnectorResponse): string | undefined {
  const header = response.headers['content-disposition'] ?? '';
  const extended = /filename\*\s*=\s*[\w-]+'[^']*'([^;\s]+)/i.exec(header)?.[1];
  if (extended !== undefined) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // A malformed escape: fall back to the plain filename.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2];
  return name === undefined || name === '' ? undefined : name;
}

/** Whether the provider answered with a web page of its own (not the file, which comes as an attachment). */
export function isProviderPage(response: ConnectorResponse): boolean {
  const type = (response.headers['content-type'] ?? '').toLowerCase();
  const attachment = /^\s*attachment/i.test(response.headers['content-disposition'] ?? '');
  return !attachment && (type.startsWith('text/html') || type.startsWith('application/xhtml+xml'));
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|#39);/g, (_match, name: string) => ENTITIES[name] ?? '');
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  const value = match?.[1] ?? match?.[2] ?? match?.[3];
  return value === undefined ? undefined : decodeEntities(value);
}

/**
 * The download behind Google Drive's "can't scan this file for viruses" page: its form (action
 * plus hidden `id`, `export`, `confirm`, `uuid` inputs), or on older pages a link carrying
 * `confirm=`. `undefined` when the page is no such confirmation (a sign-in page, an error).
 */
export function driveConfirmationUrl(response: ConnectorResponse): URL | undefined {
  const html = Buffer.from(response.body).toString('utf8');
  for (const form of html.matchAll(/<form\b[^>]*>[\s\S]*?<\/form>/gi)) {
    const open = /<form\b[^>]*>/i.exec(form[0])?.[0] ?? '';
    const fields = new Map<string, string>();
    for (const input of form[0].matchAll(/<input\b[^>]*>/gi)) {
      const name = attribute(input[0], 'name');
      if (name !== undefined && attribute(input[0], 'type')?.toLowerCase() === 'hidden')
        fields.set(name, attribute(input[0], 'value') ?? '');
    }
    const action = attribute(open, 'action');
    if (!fields.has('confirm') || action === undefined || !URL.canParse(action, response.url)) continue;
    const url = new URL(action, response.url);
    for (const [name, value] of fields) url.searchParams.set(name, value);
    return url;
  }
  const href = /href\s*=\s*"([^"]*[?&](?:amp;)?confirm=[^"]*)"/i.exec(html)?.[1];
  return href !== undefined && URL.canParse(decodeEntities(href), response.url)
    ? new URL(decodeEntities(href), response.url)
    : undefined;
}
