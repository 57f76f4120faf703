import type { Surface } from '@transmute/contract';

/**
 * The surfaces an installation run by `transmute serve` really offers (CONTRACT §12): the v1 API,
 * this CLI, the TypeScript client `@transmute/client`, the MCP server `@transmute/mcp` (stdio
 * through `transmute mcp`, Streamable HTTP at `{base}/mcp`), the documentation at `{base}/docs`
 * (`@transmute/docs`, served by `@transmute/http`), the web console `@transmute/console` at
 * `{base}/console` and the Python client (`packages/client-python`, import name `transmute`).
 * `packages/e2e/test/surfaces.test.ts` checks each one.
 */
export const SERVED_SURFACES: readonly Surface[] = [
  'api',
  'cli',
  'typescript_sdk',
  'mcp',
  'docs',
  'web',
  'python_sdk',
];
