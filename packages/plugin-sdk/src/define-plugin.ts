import { SDK_VERSION, type Plugin } from './plugin-types.js';

/**
 * Checks a plugin object's manifest once and freezes it. Plugin factories return through it.
 *
 * @example
 * export function createMySource(options: MyOptions): SourceAdapter {
 *   return definePlugin({ manifest, health, accepts, extract });
 * }
 */
export function definePlugin<TPlugin extends Plugin>(plugin: TPlugin): TPlugin {
  const { manifest } = plugin;
  const problems: string[] = [];
  if (!manifest.id) problems.push('manifest.id is required');
  if (manifest.canonicalIdentifier.length < 3 || manifest.canonicalIdentifier.length > 100)
    problems.push('manifest.canonicalIdentifier must be 3 to 100 characters');
  if (manifest.useCase.length < 10 || manifest.useCase.length > 300)
    problems.push('manifest.useCase must be 10 to 300 characters');
  if (manifest.qualityThreshold < 0 || manifest.qualityThreshold > 1)
    problems.push('manifest.qualityThreshold must be within 0..1');
  for (const [name, value] of Object.entries(manifest.limits)) {
    if (!Number.isFinite(value) || value < 0) problems.push(`manifest.limits.${name} must be a number >= 0`);
  }
  if (!Number.isInteger(manifest.sdkVersion)) problems.push('manifest.sdkVersion must be an integer');
  if (manifest.kind === 'source_adapter' && !('extract' in plugin))
    problems.push('a source_adapter must implement extract()');
  if (manifest.kind === 'output_renderer' && !('render' in plugin))
    problems.push('an output_renderer must implement render()');
  if (manifest.kind === 'connector' && !('resolve' in plugin && 'recognizes' in plugin))
    problems.push('a connector must implement recognizes() and resolve()');
  if (problems.length > 0) {
    throw new TypeError(`Invalid plugin ${manifest.id || '(no id)'}: ${problems.join('; ')}`);
  }
  Object.freeze(manifest.limits);
  Object.freeze(manifest);
  return Object.freeze(plugin);
}

export { SDK_VERSION };
