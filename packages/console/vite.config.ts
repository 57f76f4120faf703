import { defineConfig } from 'vite';

/**
 * The console is static files served by `@transmute/http` at `{base}/console/` under a strict CSP:
 * relative asset URLs (the mount prefix is unknown at build time), hashed names, no inline code.
 * Workspace packages are read from their sources (`development` condition), so the console builds
 * without building the client first.
 */
export default defineConfig({
  root: 'src/web',
  base: './',
  resolve: { conditions: ['development', 'browser', 'module', 'import', 'default'] },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    cssCodeSplit: false,
    target: 'es2022',
    reportCompressedSize: false,
    // The client loads node built-ins only inside node-only helpers (downloadArtifact, its own
    // sha256), behind dynamic imports the console never reaches: leave them out of the bundle.
    rolldownOptions: { external: [/^node:/] },
  },
});
