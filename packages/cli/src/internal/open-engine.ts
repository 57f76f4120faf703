import { createEngine, type Engine, type EngineOptions } from '@transmute/engine';
import { pluginLoaders } from './load-plugins.js';

/**
 * The engine of one `transmute convert`: every plugin is registered as a loader, so a plugin (with
 * its dependencies and the probes of its external tools, such as tesseract's) is imported only when
 * the input needs it. Plain text and markdown to markdown need none.
 */
export function openEngine(options: EngineOptions): Engine {
  return createEngine({ ...options, plugins: pluginLoaders() });
}
