/**
 * Where each provider lives, as origins (`https://docs.google.com`); `https://*.sharepoint.com`
 * matches every subdomain. Settings, so tests point them at loopback servers.
 */
export interface DriveHosts {
  /** Google Docs, Sheets and Slides links (`/document/d/<id>/edit`). */
  googleDocs: string[];
  /** Google Drive file links (`/file/d/<id>/view`, `/open?id=<id>`, `/uc?id=<id>`). */
  googleDrive: string[];
  /** Where Drive files download from (`/download?id=<id>&export=download`). */
  googleDownload: string;
  dropbox: string[];
  /** OneDrive personal share links (`1drv.ms/…`, `onedrive.live.com/…`). */
  oneDrive: string[];
  /** The shares API a OneDrive link is resolved through (`/v1.0/shares/u!<link>/root/content`). */
  oneDriveApi: string;
  sharePoint: string[];
  /** Box shared links (`/s/<id>`), downloaded from `/shared/static/<id>` on the same host. */
  box: string[];
}

/** The real providers. */
export const DEFAULT_DRIVE_HOSTS: Readonly<DriveHosts> = Object.freeze({
  googleDocs: ['https://docs.google.com'],
  googleDrive: ['https://drive.google.com'],
  googleDownload: 'https://drive.usercontent.google.com',
  dropbox: ['https://www.dropbox.com', 'https://dropbox.com'],
  oneDrive: ['https://1drv.ms', 'https://onedrive.live.com'],
  oneDriveApi: 'https://api.onedrive.com',
  sharePoint: ['https://*.sharepoint.com'],
  box: ['https://app.box.com', 'https://*.app.box.com'],
});

/** Whether the URL is on one of the origins (a `*.` host matches its subdomains, not itself). */
export function onOrigin(url: URL, origins: readonly string[]): boolean {
  return origins.some((origin) => {
    const wildcard = /^(https?:)\/\/\*(\.[^/:]+(?::\d+)?)$/.exec(origin);
    if (wildcard) return url.protocol === wildcard[1] && url.host.endsWith(wildcard[2] ?? '');
    return URL.canParse(origin) && new URL(origin).origin === url.origin;
  });
}
