import {
  TransmuteError,
  definePlugin,
  type Connector,
  type ConnectorContext,
  type ConnectorResponse,
  type ResolvedShare,
} from '@transmute/plugin-sdk';
import { checkDriveHosts } from './internal/check-hosts.js';
import { DEFAULT_DRIVE_HOSTS, onOrigin, type DriveHosts } from './internal/hosts.js';
import { dispositionFileName, driveConfirmationUrl, isProviderPage } from './internal/download-page.js';
import { createDriveManifest } from './internal/manifest.js';
import { mediaTypeOfName } from './internal/media-type-of-name.js';
import { toDownloadPlan, type DownloadPlan } from './internal/share-links.js';

export { DEFAULT_DRIVE_HOSTS, type DriveHosts };

/** Options of {@link createDriveConnector}. */
export interface DriveConnectorOptions {
  /**
   * Provider origins, each replacing the default's (tests: loopback servers; `transmute serve` takes
   * them from `TRANSMUTE_DRIVE_HOSTS`). Unknown keys and values that are not origins are refused.
   */
  hosts?: Partial<DriveHosts>;
}

const PROVIDER_NAMES: Record<DownloadPlan['provider'], string> = {
  google_docs: 'Google Docs',
  google_drive: 'Google Drive',
  dropbox: 'Dropbox',
  onedrive: 'OneDrive',
  sharepoint: 'SharePoint',
  box: 'Box',
};

function notPublic(plan: DownloadPlan, why: string): TransmuteError {
  return new TransmuteError(
    'source_blocked',
    `The ${PROVIDER_NAMES[plan.provider]} link is not public (${why}): only links that anyone with the link can open are supported; sign-in is not.`,
  );
}

/** Fails unless the response is the shared file itself. */
function checkDownload(plan: DownloadPlan, response: ConnectorResponse): void {
  if (response.status === 401 || response.status === 403)
    throw notPublic(plan, `the provider answered HTTP ${response.status}`);
  if (response.status === 404 || response.status === 410)
    throw new TransmuteError(
      'source_unreachable',
      `The ${PROVIDER_NAMES[plan.provider]} link leads to no file (HTTP ${response.status}): it was deleted or mistyped.`,
    );
  if (response.status < 200 || response.status > 299)
    throw new TransmuteError(
      'source_unreachable',
      `${PROVIDER_NAMES[plan.provider]} answered HTTP ${response.status} instead of the shared file.`,
    );
  if (isProviderPage(response))
    throw notPublic(plan, 'the provider answered with its sign-in page, not the file');
}

async function download(
  plan: DownloadPlan,
  hosts: DriveHosts,
  ctx: ConnectorContext,
): Promise<ConnectorResponse> {
  const response = await ctx.fetch(plan.url);
  if (plan.provider !== 'google_drive' || !isProviderPage(response) || response.status !== 200)
    return response;
  // Drive answers a file too large to scan for viruses with a page asking to confirm; its form
  // names the real download. Followed once, and only back to Drive's own hosts.
  const confirmed = driveConfirmationUrl(response);
  if (confirmed === undefined || !onOrigin(confirmed, [hosts.googleDownload, ...hosts.googleDrive]))
    return response;
  return ctx.fetch(confirmed.href);
}

/**
 * Creates the `connector.drive` plugin: a public share link of Google Drive, Docs, Sheets or
 * Slides (exported as docx, xlsx, pptx), OneDrive or SharePoint, Dropbox or Box becomes the file
 * it shares, downloaded through the engine's SSRF-safe client and read by the source for its type.
 * A link that needs sign-in fails with `source_blocked`.
 *
 * @example
 * const engine = createEngine({ plugins: [createDriveConnector(), createWebpageSource()] });
 * await engine.prepare({ type: 'url', url: 'https://docs.google.com/document/d/<id>/edit' });
 */
export function createDriveConnector(options: DriveConnectorOptions = {}): Connector {
  const hosts: DriveHosts = {
    ...DEFAULT_DRIVE_HOSTS,
    ...(options.hosts === undefined ? {} : checkDriveHosts(options.hosts)),
  };
  return definePlugin<Connector>({
    manifest: createDriveManifest(),
    health: async () => ({
      ok: true,
      detail: 'public share links of Google Drive/Docs, OneDrive/SharePoint, Dropbox and Box',
    }),
    recognizes: (url) => toDownloadPlan(url, hosts) !== undefined,
    resolve: async (url, ctx): Promise<ResolvedShare> => {
      const plan = toDownloadPlan(url, hosts);
      if (plan === undefined)
        throw new TransmuteError(
          'unsupported_content',
          'The link names no shared file this connector knows.',
        );
      const response = await download(plan, hosts, ctx);
      checkDownload(plan, response);
      const name = dispositionFileName(response);
      const mediaType = name === undefined ? undefined : mediaTypeOfName(name);
      return {
        response,
        ...(name === undefined ? {} : { name }),
        ...(mediaType === undefined ? {} : { mediaType }),
      };
    },
  });
}
