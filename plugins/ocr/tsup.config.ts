import { defineConfig } from 'tsup';

export default defineConfig({
  // The pdf.js and TIFF workers are entries of their own: they are started as dist/<name>.js next to dist/index.js.
  entry: {
    index: 'src/index.ts',
    'pdf-worker': 'src/internal/pdf-worker.ts',
    'tiff-worker': 'src/internal/tiff-worker.ts',
  },
  format: ['esm'],
  dts: { entry: { index: 'src/index.ts' } },
  clean: true,
  sourcemap: true,
  target: 'node24',
});
