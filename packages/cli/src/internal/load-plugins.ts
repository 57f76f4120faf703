import {
  definePluginLoader,
  type Plugin,
  type PluginLoader,
  type PluginLoaderOptions,
} from '@transmute/plugin-sdk';

/**
 * The plugin packages of the workspace, each optional at run time, with what the engine routes on
 * before importing one: the media types a source may read (exact, or a family `type/*`; the loaded
 * source's accepts() has the last word), whether it recognises files of other declared types by
 * their bytes (`sniffs`), a renderer's formats. Order is routing order among equals.
 */
const PLUGIN_TABLE = [
  {
    package: '@transmute/plugin-webpage',
    id: 'source.webpage',
    kind: 'source_adapter',
    mediaTypes: ['text/html', 'application/xhtml+xml'],
  },
  {
    package: '@transmute/plugin-ocr',
    id: 'source.ocr',
    kind: 'source_adapter',
    mediaTypes: ['application/pdf', 'image/*'],
    sniffs: true,
  },
  {
    package: '@transmute/plugin-audio',
    id: 'source.audio_upload',
    kind: 'source_adapter',
    mediaTypes: ['audio/*', 'application/ogg'],
  },
  {
    package: '@transmute/plugin-video',
    id: 'source.video_upload',
    kind: 'source_adapter',
    mediaTypes: ['video/*'],
  },
  {
    package: '@transmute/plugin-dataset',
    id: 'renderer.dataset_artifacts',
    kind: 'output_renderer',
    outputFormats: ['jsonl', 'zip'],
  },
  // Before the repository plugin: a docx or an epub is a zip too, and the first source that accepts a file reads it.
  {
    package: '@transmute/plugin-documents',
    id: 'source.documents',
    kind: 'source_adapter',
    mediaTypes: ['application/*', 'message/rfc822', 'text/rtf'],
    sniffs: true,
  },
  {
    package: '@transmute/plugin-repository',
    id: 'source.repository_archive',
    kind: 'source_adapter',
    mediaTypes: ['application/zip', 'application/x-zip-compressed', 'application/x-tar', 'application/gzip'],
    sniffs: true,
  },
  { package: '@transmute/plugin-drive', id: 'connector.drive', kind: 'connector' },
] as const satisfies readonly (Omit<PluginLoaderOptions, 'load'> & { package: string })[];

/** The plugin packages of the workspace; each is optional at run time. */
export const PLUGIN_PACKAGES = PLUGIN_TABLE.map((entry) => entry.package);

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

/** The plugins a package's `create…` factories make with these options; throws what the import throws. */
async function createPackagePlugins(
  name: string,
  options: PluginOptions,
  skipped: string[],
): Promise<Plugin[]> {
  const module = (await import(name)) as Record<string, unknown>;
  const plugins: Plugin[] = [];
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
    if (isPlugin(plugin)) plugins.push(plugin);
  }
  return plugins;
}

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
    let created: Plugin[];
    try {
      created = await createPackagePlugins(name, options, skipped);
    } catch (error) {
      if (error instanceof Error && error.message.startsWith(`${name} refused its settings`)) throw error;
      skipped.push(`${name}: ${firstLine(error)}`);
      continue;
    }
    for (const plugin of created) {
      if (seen.has(plugin.manifest.id)) continue;
      seen.add(plugin.manifest.id);
      plugins.push(plugin);
    }
  }
  return { plugins, skipped };
}

/**
 * Every plugin of {@link PLUGIN_PACKAGES} as a loader: its package is imported (and its factory
 * run, with the probes of its external tools) only when the engine meets an input that needs it,
 * so `transmute convert` of a PDF never loads the web page, media or archive plugins.
 */
export function pluginLoaders(options: PluginOptions = {}): PluginLoader[] {
  return PLUGIN_TABLE.map(({ package: name, ...descriptor }) =>
    definePluginLoader({
      ...descriptor,
      async load() {
        const created = await createPackagePlugins(name, options, []);
        const plugin = created.find((each) => each.manifest.id === descriptor.id);
        if (!plugin) throw new Error(`${name} made no plugin ${descriptor.id}`);
        return plugin;
      },
    }),
  );
}
