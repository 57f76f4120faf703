/** What a packed package.json promises: the files its entry points name and its dependency ranges. */

/** Every file an `exports` map (any condition, any depth), `bin`, `main`, `module` or `types` names. */
export function entryPointFiles(manifest: Record<string, unknown>): string[] {
  const files: string[] = [];
  const visit = (value: unknown): void => {
    if (typeof value === 'string') files.push(value);
    else if (Array.isArray(value)) value.forEach(visit);
    else if (value !== null && typeof value === 'object') Object.values(value).forEach(visit);
  };
  visit(manifest.exports);
  visit(manifest.bin);
  visit(manifest.main);
  visit(manifest.module);
  visit(manifest.types);
  return [...new Set(files.map((file) => file.replace(/^\.\//, '')))].sort();
}

/** `exports` less every `development` condition: what a published manifest must export. */
export function withoutDevelopmentCondition(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(withoutDevelopmentCondition);
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'development')
      .map(([key, inner]) => [key, withoutDevelopmentCondition(inner)]),
  );
}

/** Dependency entries whose range a registry cannot resolve (workspace:, catalog:, file:, link:). */
export function unresolvableRanges(manifest: Record<string, unknown>): string[] {
  const fields = ['dependencies', 'peerDependencies', 'optionalDependencies'] as const;
  return fields.flatMap((field) =>
    Object.entries((manifest[field] as Record<string, string> | undefined) ?? {})
      .filter(([, range]) => /^(workspace|catalog|file|link):/.test(range))
      .map(([name, range]) => `${field}.${name}: ${range}`),
  );
}
