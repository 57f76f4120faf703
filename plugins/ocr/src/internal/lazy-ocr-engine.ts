import type { OcrEngine, OcrResult } from './ocr-engine.js';

/**
 * An engine chosen when something first needs it (a recognition, its name for `health`, whether it
 * detects orientation), then kept: choosing the native binary spawns it twice (0.1–0.4 s), which a
 * service that may never see a scan should not pay at every start.
 */
export class LazyOcrEngine implements OcrEngine {
  private chosen: OcrEngine | undefined;

  constructor(private readonly choose: () => OcrEngine) {}

  get name(): string {
    return this.engine.name;
  }

  get detectsOrientation(): boolean {
    return this.engine.detectsOrientation;
  }

  recognize(image: Uint8Array, timeoutMs: number, languages?: string[]): Promise<OcrResult> {
    return this.engine.recognize(image, timeoutMs, languages);
  }

  /** An engine never chosen has nothing running, and closing is no reason to choose one. */
  close(): Promise<void> {
    return this.chosen?.close() ?? Promise.resolve();
  }

  private get engine(): OcrEngine {
    this.chosen ??= this.choose();
    return this.chosen;
  }
}
