import type { TransmuteService } from '@transmute/service';
import { handleConsoleRoute, isConsolePath } from './console-route.js';
import type { Surface } from './surface.js';

/**
 * The web console at `/console` and below, from the built files in `root`. The page may also reach
 * the service's direct origins (an object store taking presigned uploads).
 */
export function consoleSurface(root: string, service: TransmuteService): Surface {
  return {
    name: 'console',
    owns: isConsolePath,
    async serve({ request }) {
      const origins = (await service.directOrigins?.()) ?? [];
      return handleConsoleRoute(request, root, origins);
    },
  };
}
