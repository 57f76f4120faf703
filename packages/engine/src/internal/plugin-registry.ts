import {
  SDK_VERSION,
  definePlugin,
  isConnector,
  isOutputRenderer,
  isPluginLoader,
  isSourceAdapter,
  type Connector,
  type OutputRenderer,
  type Plugin,
  type PluginDescriptor,
  type PluginLoader,
  type SourceAdapter,
  type SourceProbe,
} from '@transmute/plugin-sdk';
import type { OutputFormat } from '@transmute/contract';

/**
 * The plugin set of an engine: plugins given loaded, and plugin loaders imported the first time an
 * input needs them (a source of a media type they declare, a format they render, a URL for a
 * connector). Every plugin is validated (SDK version, manifest, unique id) when it joins the set.
 */
export interface PluginRegistry {
  /** The plugins loaded so far, in registration order (what `close()` releases). */
  loaded(): readonly Plugin[];
  /** Every plugin, loading the ones not loaded yet (capabilities and health need them all). */
  loadAll(): Promise<readonly Plugin[]>;
  /** The plugin's effective limits: manifest limits merged with operator overrides. */
  limitsOf(plugin: Plugin): Record<string, number>;
  findSource(probe: SourceProbe): Promise<SourceAdapter | undefined>;
  findRenderer(format: OutputFormat): Promise<OutputRenderer | undefined>;
  /** The first connector that recognizes the URL (a share link), if any. */
  findConnector(url: URL): Promise<Connector | undefined>;
  /** Whether a source adapter declares this media type (a fetched URL may go to it). */
  readsMediaType(mediaType: string): boolean;
  /** Whether some source may read files of this type (declared, or accepted by a loaded source). */
  mayReadMediaType(mediaType: string): boolean;
  byId(id: string): Promise<Plugin | undefined>;
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

/** One registered plugin: loaded from the start, or loaded (once) on first need. */
interface Slot {
  readonly descriptor: Readonly<PluginDescriptor>;
  plugin: Plugin | undefined;
  load(): Promise<Plugin>;
}

/** A loaded plugin's descriptor: its accepts() may take any type, so it "sniffs". */
function descriptorOf(plugin: Plugin): PluginDescriptor {
  const { id, kind, mediaTypes, outputFormats } = plugin.manifest;
  return { id, kind, mediaTypes, outputFormats, sniffs: true };
}

/** `exact` when the descriptor names the type, `family` when it names `type/*`. */
function coverage(descriptor: PluginDescriptor, mediaType: string): 'exact' | 'family' | undefined {
  if (descriptor.mediaTypes.includes(mediaType)) return 'exact';
  const family = `${mediaType.split('/')[0] ?? ''}/*`;
  return descriptor.mediaTypes.includes(family) ? 'family' : undefined;
}

function toSlot(entry: Plugin | PluginLoader, admit: (plugin: Plugin) => Plugin): Slot {
  if (!isPluginLoader(entry)) {
    const plugin = admit(validate(entry));
    return { descriptor: descriptorOf(plugin), plugin, load: () => Promise.resolve(plugin) };
  }
  const { descriptor } = entry;
  let pending: Promise<Plugin> | undefined;
  const slot: Slot = {
    descriptor,
    plugin: undefined,
    // Loaded once: concurrent first uses share the import.
    load: () =>
      (pending ??= entry.load().then(
        (loaded) => {
          const plugin = validate(loaded);
          if (plugin.manifest.id !== descriptor.id || plugin.manifest.kind !== descriptor.kind)
            throw new TypeError(
              `Plugin loader ${descriptor.id} (${descriptor.kind}) loaded ${plugin.manifest.id} (${plugin.manifest.kind}).`,
            );
          slot.plugin = admit(plugin);
          return slot.plugin;
        },
        (error: unknown) => {
          throw new Error(`Plugin ${descriptor.id} could not be loaded: ${String(error)}`, { cause: error });
        },
      )),
  };
  return slot;
}

/** Validates plugins and plugin loaders (SDK version, duplicate ids) and freezes the set. */
export function createPluginRegistry(
  input: readonly (Plugin | PluginLoader)[],
  overrides: Record<string, Record<string, number>> = {},
): PluginRegistry {
  const limits = new Map<string, Readonly<Record<string, number>>>();
  const admit = (plugin: Plugin): Plugin => {
    const { id } = plugin.manifest;
    limits.set(id, Object.freeze({ ...plugin.manifest.limits, ...(overrides[id] ?? {}) }));
    return plugin;
  };
  const seen = new Set<string>();
  const slots = input.map((entry) => {
    const slot = toSlot(entry, admit);
    if (seen.has(slot.descriptor.id))
      throw new TypeError(`Duplicate plugin id ${slot.descriptor.id}: each plugin may be registered once.`);
    seen.add(slot.descriptor.id);
    return slot;
  });
  Object.freeze(slots);
  const ofKind = (kind: PluginDescriptor['kind']) => slots.filter((slot) => slot.descriptor.kind === kind);
  const sourceSlots = ofKind('source_adapter');

  async function findSource(probe: SourceProbe): Promise<SourceAdapter | undefined> {
    const { mediaType } = probe;
    // A source that names the declared type reads it before one that would take its bytes (a docx is a
    // zip too: the documents source reads it, not the repository source, whatever their order). Sources
    // that name it exactly are loaded before those that name its family.
    for (const level of ['exact', 'family'] as const) {
      for (const slot of sourceSlots.filter((each) => coverage(each.descriptor, mediaType) === level)) {
        const source = await slot.load();
        if (
          isSourceAdapter(source) &&
          source.manifest.mediaTypes.includes(mediaType) &&
          safeAccepts(source, probe)
        )
          return source;
      }
    }
    for (const slot of sourceSlots) {
      if (!slot.plugin && !slot.descriptor.sniffs && coverage(slot.descriptor, mediaType) === undefined)
        continue;
      const source = await slot.load();
      if (isSourceAdapter(source) && safeAccepts(source, probe)) return source;
    }
    return undefined;
  }

  async function findRenderer(format: OutputFormat): Promise<OutputRenderer | undefined> {
    for (const slot of ofKind('output_renderer')) {
      if (!slot.descriptor.outputFormats.includes(format)) continue;
      const renderer = await slot.load();
      if (isOutputRenderer(renderer) && renderer.manifest.outputFormats.includes(format)) return renderer;
    }
    return undefined;
  }

  async function findConnector(url: URL): Promise<Connector | undefined> {
    for (const slot of ofKind('connector')) {
      const connector = await slot.load();
      if (isConnector(connector) && safeRecognizes(connector, url)) return connector;
    }
    return undefined;
  }

  return Object.freeze({
    loaded: () => slots.flatMap((slot) => (slot.plugin ? [slot.plugin] : [])),
    loadAll: () => Promise.all(slots.map((slot) => slot.load())),
    limitsOf: (plugin: Plugin) => ({ ...(limits.get(plugin.manifest.id) ?? plugin.manifest.limits) }),
    findSource,
    findRenderer,
    findConnector,
    readsMediaType: (mediaType: string) =>
      sourceSlots.some((slot) => coverage(slot.descriptor, mediaType) !== undefined),
    mayReadMediaType: (mediaType: string) =>
      sourceSlots.some((slot) =>
        slot.plugin && isSourceAdapter(slot.plugin)
          ? slot.plugin.manifest.mediaTypes.includes(mediaType) ||
            safeAccepts(slot.plugin, { mediaType, name: '', head: new Uint8Array() })
          : coverage(slot.descriptor, mediaType) !== undefined,
      ),
    byId: async (id: string) => slots.find((slot) => slot.descriptor.id === id)?.load(),
  });
}
