import { defineConfig } from 'tsup';

// The node entry only (where the built console is); `vite build` writes the browser app to dist/web.
export default defineConfig({
  entry: { node: 'src/index.ts' },
  format: ['esm'],
  dts: true,
  clean: false,
  sourcemap: true,
  target: 'node24',
});
