/** One recognized stretch of speech. Times are seconds from the start of the media. */
export interface TranscriptSegment {
  start: number;
  end: number;
  text: string;
  /** 0..1; engines without confidence report 1. */
  confidence: number;
}

/** What a transcriber receives with the audio. */
export interface TranscribeOptions {
  signal: AbortSignal;
  /** ISO 639-1 hint (e.g. from `preferred_language`). */
  language?: string;
  durationSeconds: number;
  onProgress?: (percent: number) => void;
}

/** A speech-to-text engine over 16 kHz mono WAV files. */
export interface Transcriber {
  /** `pocketsphinx`, `openai`, `whisper-cpp`. */
  readonly id: string;
  /** Whether the engine can run here, and why not. */
  health(): Promise<{ ok: boolean; detail?: string }>;
  transcribe(wavPath: string, options: TranscribeOptions): Promise<TranscriptSegment[]>;
}
