import type { TransmuteService } from '@transmute/service';
import { handleConsoleRoute, isConsolePath } from './console-route.js';
import type { CoreRequest, CoreResponse } from './core-types.js';
import type { SeenRequest } from './record-request.js';

/**
 * The console's place in the pipeline: `/console` and below when the handler serves a console
 * (null otherwise, so the request goes on to the other routes). The page may also reach the
 * service's direct origins (an object store taking presigned uploads).
 */
export async function serveConsoleOf(context: {
  settings: { consoleRoot: string | null; service: TransmuteService };
  request: CoreRequest;
  headers: Record<string, string>;
  seen: SeenRequest;
}): Promise<CoreResponse | null> {
  const { settings, request, headers, seen } = context;
  if (settings.consoleRoot === null || !isConsolePath(request.path)) return null;
  seen.operation = 'console';
  const origins = (await settings.service.directOrigins?.()) ?? [];
  const response = await handleConsoleRoute(request, settings.consoleRoot, origins);
  Object.assign(response.headers, headers);
  return response;
}
