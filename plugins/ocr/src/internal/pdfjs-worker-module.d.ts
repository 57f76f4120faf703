/** pdf.js ships no types for its worker bundle; only its message handler is read (as a global). */
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
