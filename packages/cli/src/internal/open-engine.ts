import type { OutputFormat } from '@transmute/contract';
import { createEngine, type ConvertSource, type Engine, type EngineOptions } from '@transmute/engine';
import { loadPlugins } from './load-plugins.js';

/** Result of {@link openEngine}. */
export interface OpenedEngine {
  engine: Engine;
  /** Languages outputs can be labelled in (no plugin health check behind them). */
  languages: readonly string[];
}

/** Whether an engine without plugins reads this source and writes this format itself. */
async function readsWithoutPlugins(
  engine: Engine,
  source: ConvertSource,
  format: OutputFormat,
): Promise<boolean> {
  if (!(await engine.capabilities()).outputFormats.includes(format)) return false;
  switch (source.type) {
    case 'text':
      return true;
    case 'files':
      return source.files.every((file) => engine.supportsMediaType(file.mediaType));
    case 'url':
      // A URL may be a share link (connectors) or a page (the webpage source): only known once fetched.
      return false;
  }
}

/**
 * The engine of one `transmute convert`: plugins are imported (with their dependencies and the
 * probes of their external tools, such as tesseract's) only when the input needs one. Plain text
 * and markdown to markdown need none, so a small text converts without loading them. Which inputs
 * need none is the engine's own answer (`supportsMediaType`, `capabilities`) with no plugins.
 */
export async function openEngine(
  source: ConvertSource,
  format: OutputFormat,
  options: EngineOptions,
): Promise<OpenedEngine> {
  const bare = createEngine(options);
  const { languages } = await bare.capabilities();
  if (await readsWithoutPlugins(bare, source, format)) return { engine: bare, languages };
  await bare.close();
  const { plugins } = await loadPlugins();
  return { engine: createEngine({ ...options, plugins }), languages };
}
