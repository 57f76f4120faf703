import {
  PLUGIN_IDS,
  SURFACES,
  type CapabilityPlugin,
  type OutputFormat,
  type PluginId,
  type Surface,
} from '@transmute/contract';
import type { Plugin } from '@transmute/plugin-sdk';
import type { EngineCapabilities } from '../engine-types.js';
import { SUPPORTED_LANGUAGES } from '../languages.js';
import { TEXT_MEDIA_TYPES } from '../media-types.js';
import type { PluginRegistry } from './plugin-registry.js';

async function isHealthy(plugin: Plugin): Promise<boolean> {
  try {
    return (await plugin.health()).ok;
  } catch {
    return false;
  }
}

/** Whether an id is one of the spec's closed enum (CONTRACT §12): only those are listed under `plugins`. */
function isSpecPluginId(id: string): id is PluginId {
  return (PLUGIN_IDS as readonly string[]).includes(id);
}

/** Maps a plugin manifest to the wire's capability entry with its real status. */
function toCapabilityPlugin(
  plugin: Plugin,
  id: PluginId,
  healthy: boolean,
  limits: Record<string, number>,
  surfaces: Surface[],
): CapabilityPlugin {
  const { manifest } = plugin;
  return {
    id,
    kind: manifest.kind,
    status: healthy ? 'general_availability' : 'disabled',
    canonical_identifier: manifest.canonicalIdentifier,
    use_case: manifest.useCase,
    media_types: [...manifest.mediaTypes],
    output_formats: [...manifest.outputFormats],
    cost_unit: manifest.costUnit,
    limits,
    quality_threshold: manifest.qualityThreshold,
    surfaces: [...surfaces],
  };
}

/** `api` plus the offered surfaces, once each, in the contract's order. */
function installationSurfaces(offered: readonly Surface[]): Surface[] {
  const set = new Set<Surface>(['api', ...offered]);
  return SURFACES.filter((surface) => set.has(surface));
}

/**
 * What the engine can do now: plugins with their health, media types, languages, formats, and the
 * installation's surfaces (the same list for every plugin: CONTRACT §12).
 */
export async function describeCapabilities(
  registry: PluginRegistry,
  offeredSurfaces: readonly Surface[],
): Promise<EngineCapabilities> {
  const surfaces = installationSurfaces(offeredSurfaces);
  const plugins = await registry.loadAll();
  const health = await Promise.all(plugins.map((plugin) => isHealthy(plugin)));
  const fileMediaTypes = new Set<string>(TEXT_MEDIA_TYPES);
  const outputFormats = new Set<OutputFormat>(['markdown']);
  plugins.forEach((plugin, index) => {
    if (!health[index]) return;
    if (plugin.manifest.kind === 'source_adapter')
      for (const type of plugin.manifest.mediaTypes) fileMediaTypes.add(type);
    if (plugin.manifest.kind === 'output_renderer')
      for (const format of plugin.manifest.outputFormats) outputFormats.add(format);
  });
  return {
    plugins: plugins.flatMap((plugin, index) => {
      const { id } = plugin.manifest;
      if (!isSpecPluginId(id)) return [];
      return [toCapabilityPlugin(plugin, id, health[index] === true, registry.limitsOf(plugin), surfaces)];
    }),
    fileMediaTypes: [...fileMediaTypes],
    surfaces,
    languages: [...SUPPORTED_LANGUAGES],
    outputFormats: (['markdown', 'jsonl', 'zip'] as const).filter((format) => outputFormats.has(format)),
  };
}
