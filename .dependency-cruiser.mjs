/**
 * The import rules of the workspace, checked by `pnpm lint` (dependency-cruiser). One rule: no
 * import cycle, type-only imports included (a circle of `import type` still ties its files into
 * one unit that cannot be read, tested or moved apart). Workspace packages resolve to their
 * sources (the `development` condition), so a cycle across packages is found too.
 *
 * @type {import('dependency-cruiser').IConfiguration}
 */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Files that import each other form one tangle: put what both need in a module below them ' +
        '(a type in its own file, a function passed in) so the imports run one way.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)node_modules/', '(^|/)dist/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['development', 'import', 'default'],
      extensions: ['.ts', '.js', '.mjs', '.cjs', '.json'],
    },
    cache: false,
  },
};
