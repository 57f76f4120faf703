export { createDocumentsSource } from './create-documents-source.js';
export type { DocumentsSourceOptions } from './create-documents-source.js';
