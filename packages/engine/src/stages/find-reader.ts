import type { SourceAdapter, SourceProbe } from '@transmute/plugin-sdk';
import type { PluginRegistry } from '../internal/plugin-registry.js';
import { isTextMediaType, readsAsText } from '../media-types.js';

/** Who reads a file: the built-in text source, or a source adapter. */
export type FileReader = { kind: 'text' } | { kind: 'plugin'; adapter: SourceAdapter };

/**
 * The one routing rule of a file (scanning, upload validation and e-mail attachments alike): the
 * built-in text source reads its own types; any other type goes to the first source that accepts
 * it; what no source takes but reads as text (generic XML no source recognised by its root) goes to
 * the text source after all. Undefined when nothing reads it (`probe.mediaType` is canonical).
 */
export async function findReader(
  registry: PluginRegistry,
  probe: SourceProbe,
): Promise<FileReader | undefined> {
  if (isTextMediaType(probe.mediaType)) return { kind: 'text' };
  const adapter = await registry.findSource(probe);
  if (adapter !== undefined) return { kind: 'plugin', adapter };
  return readsAsText(probe.mediaType) ? { kind: 'text' } : undefined;
}
