export { createOcrSource, type OcrSourceOptions } from './create-ocr-source.js';
