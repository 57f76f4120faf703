/**
 * The byte limit in force: the job's or operator's `maximum_bytes` when `limits` has one (a
 * StageContext's limits, which the engine merges over the manifest's), else the plugin
 * manifest's default. No limit (`Infinity`) only when neither declares one: a plugin whose
 * manifest declares a limit never reads a file unbounded because a caller passed fewer limits.
 *
 * @example
 * assertWithinByteLimit(file, resolveByteLimit(manifest.limits, ctx.limits));
 */
export function resolveByteLimit(
  defaults: Readonly<Record<string, number>>,
  limits: Readonly<Record<string, number>> = {},
): number {
  return limits['maximum_bytes'] ?? defaults['maximum_bytes'] ?? Number.POSITIVE_INFINITY;
}
