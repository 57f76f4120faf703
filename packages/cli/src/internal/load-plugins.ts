import type { Plugin } from '@transmute/plugin-sdk';

/** The plugin packages of the workspace; each is optional at run time. */
export const PLUGIN_PACKAGES = [
  '@transmute/plugin-webpage',
  '@transmute/plugin-ocr',
  '@transmute/plugin-audio',
  '@transmute/plugin-video',
  '@transmute/plugin-dataset',
  // Before the repository plugin: a docx or an epub is a zip too, and the first source that accepts a file reads it.
  '@transmute/plugin-documents',
  '@transmute/plugin-repository',
  '@transmute/plugin-drive',
] as const;

const FACTORY = /^create[A-Za-z0-9]*(Source|Renderer|Connector|Plugin)$/;

function isPlugin(value: unknown): value is Plugin {
  return typeof value === 'object' && value !== null && 'manifest' in value;
}

/** Result of {@link loadPlugins}. */
export interface LoadedPlugins {
  plugins: Plugin[];
  /** `package: reason` for every package that could not be loaded. */
  skipped: string[];
}

/**
 * Imports every plugin package that is installed and calls its `create…Source` / `create…Renderer`
 * / `create…Connector` factories with default options. A package that is missing or fails to load is skipped (and
 * reported) so one broken plugin never stops `serve`; getCapabilities then reports what loaded.
 */
export async function loadPlugins(packages: readonly string[] = PLUGIN_PACKAGES): Promise<LoadedPlugins> {
  const plugins: Plugin[] = [];
  const skipped: string[] = [];
  const seen = new Set<string>();
  for (const name of packages) {
    try {
      const module = (await import(name)) as Record<string, unknown>;
      for (const [exportName, value] of Object.entries(module)) {
        if (!FACTORY.test(exportName) || typeof value !== 'function') continue;
        const plugin: unknown = (value as () => unknown)();
        if (!isPlugin(plugin) || seen.has(plugin.manifest.id)) continue;
        seen.add(plugin.manifest.id);
        plugins.push(plugin);
      }
    } catch (error) {
      skipped.push(`${name}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    }
  }
  return { plugins, skipped };
}
