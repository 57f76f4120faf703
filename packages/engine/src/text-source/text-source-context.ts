/** What the built-in text source needs from the pipeline. */
export interface TextSourceContext {
  signal: AbortSignal;
  warn(code: string, detail: string): void;
  /** Progress within the extraction of this source, 0..100 (large markdown reports it per segment). */
  progress?(percent: number, detail: string): void;
}
