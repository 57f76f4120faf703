/**
 * Which workspace packages each package's sources may import (DESIGN.md: contract <- plugin-sdk <-
 * engine <- service <- http <- cli; client on the contract alone; mcp on the client; http serves
 * mcp at `/mcp` and the built console at `/console`; the console on the client; postgres on the
 * service, and on http for the RateLimitStore it implements; redis on http alone; s3 on the
 * service, whose BlobStore it implements). The CLI is the top and may import any package; every
 * plugin imports the SDK alone.
 */
const PACKAGE_LAYERS = {
  contract: [],
  'plugin-sdk': ['contract'],
  engine: ['contract', 'plugin-sdk'],
  service: ['contract', 'plugin-sdk', 'engine'],
  http: ['contract', 'service', 'client', 'mcp', 'docs', 'console'],
  docs: ['contract'],
  postgres: ['service', 'http'],
  s3: ['contract', 'service'],
  redis: ['http'],
  client: ['contract'],
  mcp: ['contract', 'client'],
  console: ['contract', 'client'],
};

const packageRules = Object.entries(PACKAGE_LAYERS).map(([name, allowed]) => ({
  name: `package-${name}-imports-${allowed.length === 0 ? 'no-package' : allowed.join('-')}`,
  severity: 'error',
  comment: `packages/${name} may import ${allowed.length === 0 ? 'no workspace package' : allowed.join(', ')} (DESIGN.md dependency direction).`,
  from: { path: `^packages/${name}/src/` },
  to: { path: '^(packages|plugins)/', pathNot: `^packages/(${[name, ...allowed].join('|')})/` },
}));

/**
 * The rooms of packages/service and what each may import besides itself (docs/ARCHITECTURE.md
 * "The rooms of the service"), bottom up: storage (the store, blob stores, schema, migrations)
 * <- kernel (context, ids, secrets, config and metrics types) <- tables (one owner per table)
 * <- billing, webhooks <- worker <- operations. The files at src/ itself (createService,
 * createAdmin, testing, index) are the front door: they may import any room, and no room
 * imports them.
 */
const SERVICE_ROOMS = {
  storage: [],
  kernel: ['storage'],
  tables: ['kernel', 'storage'],
  billing: ['tables', 'kernel', 'storage'],
  webhooks: ['tables', 'kernel', 'storage'],
  worker: ['billing', 'tables', 'kernel', 'storage'],
  operations: ['worker', 'billing', 'webhooks', 'tables', 'kernel', 'storage'],
};

const serviceRoomRules = Object.entries(SERVICE_ROOMS).map(([room, allowed]) => ({
  name: `service-${room}-imports-${allowed.length === 0 ? 'no-room' : allowed.join('-')}`,
  severity: 'error',
  comment: `packages/service/src/${room}/ may import ${allowed.length === 0 ? 'no other room' : allowed.join(', ')} of the service (docs/ARCHITECTURE.md).`,
  from: { path: `^packages/service/src/${room}/` },
  to: {
    path: '^packages/service/src/',
    pathNot: `^packages/service/src/(${[room, ...allowed].join('|')})/`,
  },
}));

/**
 * The import rules of the workspace, checked by `pnpm lint` (dependency-cruiser). First: no
 * import cycle, type-only imports included (a circle of `import type` still ties its files into
 * one unit that cannot be read, tested or moved apart). Workspace packages resolve to their
 * sources (the `development` condition), so a cycle across packages is found too. Then the
 * engine's layers, top down: create-engine -> pipeline/ (the runners) -> cpu/ (tasks, runner,
 * pool, worker) -> stages/ -> internal/ and the domain folders; no layer imports one above it.
 *
 * @type {import('dependency-cruiser').IConfiguration}
 */
export default {
  forbidden: [
    ...packageRules,
    ...serviceRoomRules,
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment:
        'An import that resolves to nothing: a missing file, or a workspace package the importer does not ' +
        'declare in its package.json (which is how an import against the package direction usually starts).',
      // fixtures/ generators run with the devDependencies of the plugin whose fixtures they make.
      from: { pathNot: '^fixtures/' },
      // mdast, hast: type-only module names that @types/mdast and @types/hast declare.
      to: { couldNotResolve: true, pathNot: '^(mdast|hast|unist)$' },
    },
    {
      name: 'plugins-on-the-sdk-alone',
      severity: 'error',
      comment:
        'A plugin imports @transmute/plugin-sdk and nothing else of the workspace (not even another plugin).',
      from: { path: '^plugins/([^/]+)/src/' },
      to: { path: '^(packages|plugins)/', pathNot: ['^plugins/$1/', '^packages/plugin-sdk/'] },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Files that import each other form one tangle: put what both need in a module below them ' +
        '(a type in its own file, a function passed in) so the imports run one way.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'engine-stages-know-no-runner',
      severity: 'error',
      comment:
        'Stages are plain functions: the CPU tasks call them and the pipeline runners decide where they run.',
      from: { path: '^packages/engine/src/(stages|internal)/' },
      to: { path: '^packages/engine/src/(cpu|pipeline)/' },
    },
    {
      name: 'engine-cpu-below-pipeline',
      severity: 'error',
      comment: 'The CPU pool knows task functions, not the runners that use it.',
      from: { path: '^packages/engine/src/cpu/' },
      to: { path: '^packages/engine/src/pipeline/' },
    },
    {
      name: 'engine-internal-below-stages',
      severity: 'error',
      comment: 'internal/ holds what the stages share; it imports no stage.',
      from: { path: '^packages/engine/src/internal/' },
      to: { path: '^packages/engine/src/stages/' },
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
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    cache: false,
  },
};
