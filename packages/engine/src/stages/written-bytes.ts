import type { Artifact } from '@transmute/plugin-sdk';

/** The bytes of each artifact whose file the engine wrote itself, while the artifact object lives. */
const written = new WeakMap<Artifact, Uint8Array>();

/** Notes that the engine wrote `artifact`'s file from `bytes` ({@link writtenBytes} answers them). */
export function noteWrittenBytes(artifact: Artifact, bytes: Uint8Array): void {
  written.set(artifact, bytes);
}

/**
 * The bytes the engine wrote an artifact's file from, when it wrote that file itself (a markdown
 * artifact up to 256 KB) and `artifact` is the object its render returned; otherwise undefined.
 * Whoever stores the artifact may take them instead of reading the file back (the service's blob
 * store: five calls through the thread pool for a tiny job's artifact). Kept beside the artifact,
 * not in it: a render's result stays plain data (printed, sent as JSON), and no plugin can vouch
 * for bytes of a file it wrote.
 *
 * @example
 * const { artifacts } = await engine.render(document, output, { workDir });
 * await blobs.putFile(artifacts[0].path, { bytes: writtenBytes(artifacts[0]) });
 */
export function writtenBytes(artifact: Artifact): Uint8Array | undefined {
  return written.get(artifact);
}
