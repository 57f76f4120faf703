import { SDK_VERSION, type PluginManifest } from '@transmute/plugin-sdk';

/** The `connector.drive` plugin entry (its details are not shown in the spec). */
export function createDriveManifest(): PluginManifest {
  return {
    id: 'connector.drive',
    kind: 'connector',
    canonicalIdentifier: 'drive_share_link.v1',
    useCase:
      'A public share link of Google Drive, Docs, Sheets or Slides, OneDrive or SharePoint, Dropbox or Box, resolved to the file it shares and read like any downloaded file.',
    // A connector reads no media type itself: the file it resolves goes to the matching source.
    mediaTypes: [],
    outputFormats: [],
    costUnit: 'files',
    limits: {
      maximum_bytes: 104_857_600,
      maximum_redirects: 10,
      timeout_seconds: 60,
    },
    // It extracts nothing, so there is no quality to hold it to; the reader's threshold applies.
    qualityThreshold: 0,
    sdkVersion: SDK_VERSION,
  };
}
