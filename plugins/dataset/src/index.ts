export { createDatasetRenderer, type DatasetRendererOptions } from './create-dataset-renderer.js';
