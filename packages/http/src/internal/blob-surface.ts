import { TransmuteError } from '@transmute/contract';
import type { TransmuteService } from '@transmute/service';
import { handleArtifact, handleUpload } from './blob-routes.js';
import type { Surface } from './surface.js';

/** `/uploads/<token>` and `/artifacts/<token>`: the signed blob URLs of direct uploads and downloads. */
const BLOB_PATH = /^\/(uploads|artifacts)\/([^/]+)$/;

/** The blob routes as a mounted surface: PUT an upload, GET or HEAD an artifact. */
export function blobSurface(settings: { service: TransmuteService; docsBaseUrl: string }): Surface {
  return {
    name: 'blob',
    owns: (path) => BLOB_PATH.test(path),
    async serve({ request, requestId, seen }) {
      const [, kind, token = ''] = BLOB_PATH.exec(request.path) ?? [];
      seen.operation = kind === 'uploads' ? 'upload' : 'artifact';
      const allowed = kind === 'uploads' ? ['PUT'] : ['GET', 'HEAD'];
      if (!allowed.includes(request.method)) {
        throw new TransmuteError('method_not_allowed', `Use ${allowed.join(' or ')}.`, {
          headers: { allow: allowed.join(', ') },
        });
      }
      return kind === 'uploads'
        ? handleUpload(settings.service, request, token)
        : handleArtifact(settings.service, request, token, { requestId, docsBaseUrl: settings.docsBaseUrl });
    },
  };
}
