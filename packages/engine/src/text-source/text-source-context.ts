/** What the built-in text source needs from the pipeline. */
export interface TextSourceContext {
  signal: AbortSignal;
  warn(code: string, detail: string): void;
}
