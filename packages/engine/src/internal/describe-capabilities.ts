import type { CapabilityPlugin, OutputFormat } from '@transmute/contract';
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

/** Maps a plugin manifest to the wire's capability entry with its real status. */
export function toCapabilityPlugin(
  plugin: Plugin,
  healthy: boolean,
  limits: Record<string, number>,
): CapabilityPlugin {
  const { manifest } = plugin;
  return {
    id: manifest.id,
    kind: manifest.kind,
    status: healthy ? 'general_availability' : 'disabled',
    canonical_identifier: manifest.canonicalIdentifier,
    use_case: manifest.useCase,
    media_types: [...manifest.mediaTypes],
    output_formats: [...manifest.outputFormats],
    cost_unit: manifest.costUnit,
    limits,
    quality_threshold: manifest.qualityThreshold,
    surfaces: [...manifest.surfaces],
  };
}

/** What the engine can do now: plugins with their health, media types, languages, formats. */
export async function describeCapabilities(registry: PluginRegistry): Promise<EngineCapabilities> {
  const health = await Promise.all(registry.plugins.map((plugin) => isHealthy(plugin)));
  const fileMediaTypes = new Set<string>(TEXT_MEDIA_TYPES);
  const outputFormats = new Set<OutputFormat>(['markdown']);
  registry.plugins.forEach((plugin, index) => {
    if (!health[index]) return;
    if (plugin.manifest.kind === 'source_adapter')
      for (const type of plugin.manifest.mediaTypes) fileMediaTypes.add(type);
    if (plugin.manifest.kind === 'output_renderer')
      for (const format of plugin.manifest.outputFormats) outputFormats.add(format);
  });
  return {
    plugins: registry.plugins.map((plugin, index) =>
      toCapabilityPlugin(plugin, health[index] === true, registry.limitsOf(plugin)),
    ),
    fileMediaTypes: [...fileMediaTypes],
    languages: [...SUPPORTED_LANGUAGES],
    outputFormats: (['markdown', 'jsonl', 'zip'] as const).filter((format) => outputFormats.has(format)),
  };
}
