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

function firstLine(error: unknown): string {
  return error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
}

function isPlugin(value: unknown): value is Plugin {
  return typeof value === 'object' && value !== null && 'manifest' in value;
}

/** Result of {@link loadPlugins}. */
export interface LoadedPlugins {
  plugins: Plugin[];
  /** `package: reason` for every package that could not be loaded. */
  skipped: string[];
}

/** Options for the factories of one package, by package name (a package not named gets defaults). */
export type PluginOptions = Partial<Record<string, Record<string, unknown>>>;

/**
 * Imports every plugin package that is installed and calls its `create…Source` / `create…Renderer`
 * / `create…Connector` factories with that package's options (default ones when none are given). A
 * package that is missing or fails to load is skipped (and reported) so one broken plugin never
 * stops `serve`; getCapabilities then reports what loaded.
 */
export async function loadPlugins(
  packages: readonly string[] = PLUGIN_PACKAGES,
  options: PluginOptions = {},
): Promise<LoadedPlugins> {
  const plugins: Plugin[] = [];
  const skipped: string[] = [];
  const seen = new Set<string>();
  for (const name of packages) {
    let module: Record<string, unknown>;
    try {
      module = (await import(name)) as Record<string, unknown>;
    } catch (error) {
      skipped.push(`${name}: ${firstLine(error)}`);
      continue;
    }
    for (const [exportName, value] of Object.entries(module)) {
      if (!FACTORY.test(exportName) || typeof value !== 'function') continue;
      let plugin: unknown;
      try {
        plugin = (value as (options?: Record<string, unknown>) => unknown)(options[name]);
      } catch (error) {
        // Options come from settings: refusing them must stop the process, not hide the plugin.
        if (options[name] !== undefined)
          throw new Error(`${name} refused its settings: ${firstLine(error)}`, { cause: error });
        skipped.push(`${name}: ${firstLine(error)}`);
        continue;
      }
      if (!isPlugin(plugin) || seen.has(plugin.manifest.id)) continue;
      seen.add(plugin.manifest.id);
      plugins.push(plugin);
    }
  }
  return { plugins, skipped };
}
