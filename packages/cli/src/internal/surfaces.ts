import type { Surface } from '@transmute/contract';

/**
 * The surfaces an installation run by `transmute serve` really offers (CONTRACT §12): the v1 API,
 * this CLI, the TypeScript client `@transmute/client`, and the MCP server `@transmute/mcp` (stdio
 * through `transmute mcp`, Streamable HTTP at `{base}/mcp`). `web`, `docs` and `python_sdk` are not
 * listed: nothing behind them exists yet. `packages/e2e/test/surfaces.test.ts` checks each one.
 */
export const SERVED_SURFACES: readonly Surface[] = ['api', 'cli', 'typescript_sdk', 'mcp'];
