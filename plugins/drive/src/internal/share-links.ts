import type { DriveHosts } from './hosts.js';
import { onOrigin } from './hosts.js';

/** The providers a share link may belong to. */
export type DriveProvider = 'google_docs' | 'google_drive' | 'dropbox' | 'onedrive' | 'sharepoint' | 'box';

/** Where the shared file of a link downloads from. */
export interface DownloadPlan {
  provider: DriveProvider;
  url: string;
}

/** Google editors' files and the Office format each is exported as. */
const GOOGLE_EXPORTS: Record<string, string> = {
  document: 'docx',
  spreadsheets: 'xlsx',
  presentation: 'pptx',
};

/** The provider of a share link, if it is one of theirs. */
export function providerOf(url: URL, hosts: DriveHosts): DriveProvider | undefined {
  if (onOrigin(url, hosts.googleDocs)) return 'google_docs';
  if (onOrigin(url, [...hosts.googleDrive, hosts.googleDownload])) return 'google_drive';
  if (onOrigin(url, hosts.dropbox)) return 'dropbox';
  if (onOrigin(url, hosts.oneDrive)) return 'onedrive';
  if (onOrigin(url, hosts.sharePoint)) return 'sharepoint';
  if (onOrigin(url, hosts.box)) return 'box';
  return undefined;
}

/**
 * Rewrites a share link to the download of the file it shares, or `undefined` when the link is
 * the provider's but names no file (a home page, a folder view we cannot tell apart).
 */
export function toDownloadPlan(link: URL, hosts: DriveHosts): DownloadPlan | undefined {
  const provider = providerOf(link, hosts);
  switch (provider) {
    case 'google_docs': {
      const editor = /^\/(document|spreadsheets|presentation)\/(?:u\/\d+\/)?d\/([\w-]+)/.exec(link.pathname);
      if (editor) {
        const [, kind = '', id = ''] = editor;
        return { provider, url: `${link.origin}/${kind}/d/${id}/export?format=${GOOGLE_EXPORTS[kind]}` };
      }
      // docs.google.com/file/d/<id> is a Drive file under the Docs host.
      const id = driveFileId(link);
      return id === undefined ? undefined : { provider: 'google_drive', url: driveDownload(hosts, id) };
    }
    case 'google_drive': {
      const id = driveFileId(link);
      return id === undefined ? undefined : { provider, url: driveDownload(hosts, id) };
    }
    case 'dropbox': {
      const url = new URL(link);
      url.searchParams.delete('raw');
      url.searchParams.set('dl', '1');
      return { provider, url: url.href };
    }
    case 'onedrive':
      return {
        provider,
        url: `${hosts.oneDriveApi}/v1.0/shares/${encodeSharingUrl(link.href)}/root/content`,
      };
    case 'sharepoint': {
      const url = new URL(link);
      url.searchParams.set('download', '1');
      return { provider, url: url.href };
    }
    case 'box': {
      const shared = /^\/(?:s|shared\/static)\/([\w-]+(?:\.\w+)?)/.exec(link.pathname);
      return shared ? { provider, url: `${link.origin}/shared/static/${shared[1] ?? ''}` } : undefined;
    }
    case undefined:
      return undefined;
  }
}

function driveFileId(link: URL): string | undefined {
  const inPath = /\/file\/(?:u\/\d+\/)?d\/([\w-]+)/.exec(link.pathname)?.[1];
  const id = inPath ?? link.searchParams.get('id') ?? undefined;
  return id !== undefined && /^[\w-]+$/.test(id) ? id : undefined;
}

function driveDownload(hosts: DriveHosts, id: string): string {
  return `${hosts.googleDownload}/download?id=${id}&export=download`;
}

/** The shares API's token of a sharing URL: `u!` + its unpadded base64url. */
export function encodeSharingUrl(link: string): string {
  return `u!${Buffer.from(link, 'utf8').toString('base64url')}`;
}
