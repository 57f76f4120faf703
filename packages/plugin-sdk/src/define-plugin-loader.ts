import type { OutputFormat, PluginKind } from '@transmute/contract';
import type { Plugin, PluginManifest } from './plugin-types.js';

/**
 * What the engine knows of a plugin before loading it: enough to decide whether an input needs it.
 * A source whose `mediaTypes` cover a file's declared type is loaded for that file; `sniffs` sources
 * also for files no source declares (they recognise their formats by bytes, whatever the name).
 */
export interface PluginDescriptor {
  id: PluginManifest['id'];
  kind: PluginKind;
  /** Media types a source may read: exact (`application/pdf`) or a whole family (`audio/*`). */
  mediaTypes: readonly string[];
  /** Formats a renderer writes. */
  outputFormats: readonly OutputFormat[];
  /** Whether a source may read files whose declared type it does not list (it sniffs their bytes). */
  sniffs: boolean;
}

/**
 * A plugin loaded on first use: its module (with its dependencies, worker pools and the probes of its
 * external tools) is imported only when an input needs it, so a host that registers many plugins pays
 * only for the ones a request uses. Give it to `createEngine({ plugins })` beside ordinary plugins.
 */
export interface PluginLoader {
  readonly descriptor: Readonly<PluginDescriptor>;
  /** Imports and creates the plugin; called at most once by an engine. */
  load(): Promise<Plugin>;
}

/** Options of {@link definePluginLoader}: the descriptor, with `outputFormats` and `sniffs` optional. */
export type PluginLoaderOptions = Pick<PluginDescriptor, 'id' | 'kind'> &
  Partial<Pick<PluginDescriptor, 'mediaTypes' | 'outputFormats' | 'sniffs'>> & {
    load(): Promise<Plugin>;
  };

const MEDIA_TYPE_PATTERN = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/(\*|[a-z0-9][a-z0-9!#$&^_.+-]*)$/;

/**
 * Checks a plugin loader's descriptor once and freezes it.
 *
 * @example
 * export const documentsLoader = definePluginLoader({
 *   id: 'source.documents',
 *   kind: 'source_adapter',
 *   mediaTypes: ['application/*', 'message/rfc822'],
 *   sniffs: true,
 *   load: async () => (await import('@transmute/plugin-documents')).createDocumentsSource(),
 * });
 */
export function definePluginLoader(options: PluginLoaderOptions): PluginLoader {
  const descriptor: PluginDescriptor = {
    id: options.id,
    kind: options.kind,
    mediaTypes: Object.freeze([...(options.mediaTypes ?? [])]),
    outputFormats: Object.freeze([...(options.outputFormats ?? [])]),
    sniffs: options.sniffs ?? false,
  };
  const problems: string[] = [];
  if (!descriptor.id) problems.push('id is required');
  for (const type of descriptor.mediaTypes)
    if (!MEDIA_TYPE_PATTERN.test(type))
      problems.push(`media type ${type} is neither type/subtype nor type/*`);
  if (descriptor.kind === 'output_renderer' && descriptor.outputFormats.length === 0)
    problems.push('an output_renderer loader must name its outputFormats');
  if (typeof options.load !== 'function') problems.push('load() is required');
  if (problems.length > 0)
    throw new TypeError(`Invalid plugin loader ${descriptor.id || '(no id)'}: ${problems.join('; ')}`);
  return Object.freeze({ descriptor: Object.freeze(descriptor), load: () => options.load() });
}

/** Guard: is this a {@link PluginLoader} (rather than a loaded plugin)? */
export function isPluginLoader(value: Plugin | PluginLoader): value is PluginLoader {
  return 'descriptor' in value && typeof value.load === 'function';
}
