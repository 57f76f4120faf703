import type { CoreHandler } from './core-types.js';
import { serveSurface, type WrapperSettings } from './serve-surface.js';
import type { Surface } from './surface.js';

/**
 * The handler over its table of mounted surfaces: the first surface that owns the path serves the
 * request, through the one wrapper (request id, problem bodies, metrics, span, access line). The
 * table ends with the v1 API, which owns every other path (and answers `route_not_found`).
 */
export function serveMountedSurfaces(surfaces: readonly Surface[], settings: WrapperSettings): CoreHandler {
  const last = surfaces.at(-1);
  if (last === undefined) throw new Error('The table of mounted surfaces is empty.');
  return (request) => {
    const surface = surfaces.find((candidate) => candidate.owns(request.path)) ?? last;
    return serveSurface(surface, request, settings);
  };
}
