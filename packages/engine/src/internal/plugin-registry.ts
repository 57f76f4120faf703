import {
  SDK_VERSION,
  definePlugin,
  isConnector,
  isOutputRenderer,
  isSourceAdapter,
  type Connector,
  type OutputRenderer,
  type Plugin,
  type SourceAdapter,
  type SourceProbe,
} from '@transmute/plugin-sdk';
import type { OutputFormat } from '@transmute/contract';

/** The validated, frozen plugin set of an engine. */
export interface PluginRegistry {
  readonly plugins: readonly Plugin[];
  readonly sources: readonly SourceAdapter[];
  readonly renderers: readonly OutputRenderer[];
  readonly connectors: readonly Connector[];
  /** The plugin's effective limits: manifest limits merged with operator overrides. */
  limitsOf(plugin: Plugin): Record<string, number>;
  findSource(probe: SourceProbe): SourceAdapter | undefined;
  findRenderer(format: OutputFormat): OutputRenderer | undefined;
  /** The first connector that recognizes the URL (a share link), if any. */
  findConnector(url: URL): Connector | undefined;
  /** Whether an installed source adapter declares this media type (a fetched URL may go to it). */
  readsMediaType(mediaType: string): boolean;
  byId(id: string): Plugin | undefined;
}

function validate(plugin: Plugin): Plugin {
  if (typeof plugin !== 'object' || plugin === null || typeof plugin.manifest !== 'object') {
    throw new TypeError(
      'Invalid plugin: expected an object with a manifest (create plugins with definePlugin).',
    );
  }
  const { id, sdkVersion } = plugin.manifest;
  if (sdkVersion !== SDK_VERSION) {
    throw new TypeError(
      `Plugin ${String(id)} was built for plugin SDK version ${String(sdkVersion)}, but this engine supports version ${SDK_VERSION}.`,
    );
  }
  // definePlugin validates the manifest and freezes it; plugins made with it are already frozen.
  return Object.isFrozen(plugin.manifest) && Object.isFrozen(plugin) ? plugin : definePlugin(plugin);
}

/** A plugin's accepts(), where a throwing plugin simply does not accept. */
export function safeAccepts(source: SourceAdapter, probe: SourceProbe): boolean {
  try {
    return source.accepts(probe);
  } catch {
    return false;
  }
}

/** A connector's recognizes(), where a throwing connector simply does not recognize. */
function safeRecognizes(connector: Connector, url: URL): boolean {
  try {
    return connector.recognizes(url);
  } catch {
    return false;
  }
}

/** Validates plugins (SDK version, manifest, duplicate ids) and freezes the set. */
export function createPluginRegistry(
  input: readonly Plugin[],
  overrides: Record<string, Record<string, number>> = {},
): PluginRegistry {
  const seen = new Set<string>();
  const plugins = input.map((plugin) => {
    const checked = validate(plugin);
    if (seen.has(checked.manifest.id))
      throw new TypeError(`Duplicate plugin id ${checked.manifest.id}: each plugin may be registered once.`);
    seen.add(checked.manifest.id);
    return checked;
  });
  Object.freeze(plugins);
  const sources = Object.freeze(plugins.filter(isSourceAdapter));
  const renderers = Object.freeze(plugins.filter(isOutputRenderer));
  const connectors = Object.freeze(plugins.filter(isConnector));
  const limits = new Map(
    plugins.map((plugin) => [
      plugin.manifest.id,
      Object.freeze({ ...plugin.manifest.limits, ...(overrides[plugin.manifest.id] ?? {}) }),
    ]),
  );
  return Object.freeze({
    plugins,
    sources,
    renderers,
    connectors,
    limitsOf: (plugin: Plugin) => ({ ...(limits.get(plugin.manifest.id) ?? plugin.manifest.limits) }),
    // A source that names the declared type reads it before one that would take its bytes (a docx is a
    // zip too: the documents source reads it, not the repository source, whatever their order).
    findSource: (probe: SourceProbe) =>
      sources.find(
        (source) => source.manifest.mediaTypes.includes(probe.mediaType) && safeAccepts(source, probe),
      ) ?? sources.find((source) => safeAccepts(source, probe)),
    findRenderer: (format: OutputFormat) =>
      renderers.find((renderer) => renderer.manifest.outputFormats.includes(format)),
    findConnector: (url: URL) => connectors.find((connector) => safeRecognizes(connector, url)),
    readsMediaType: (mediaType: string) =>
      sources.some((source) => source.manifest.mediaTypes.includes(mediaType)),
    byId: (id: string) => plugins.find((plugin) => plugin.manifest.id === id),
  });
}
