import { findExecutable } from '@transmute/plugin-sdk';
import { NativeOcrEngine, nativeTesseractWorks } from './native-ocr-engine.js';
import { LazyOcrEngine } from './lazy-ocr-engine.js';
import { WasmOcrEngine, type OcrEngine } from './ocr-engine.js';
import { findOrientationData } from './system-tessdata.js';

/** Which OCR engine to use: `auto` prefers the native binary when it is installed. */
export type OcrEngineChoice = 'auto' | 'tesseract' | 'tesseract.js';

/**
 * The OCR engine of a source: the native `tesseract` binary (about 1.5x faster) when it is on PATH
 * and recent enough, otherwise tesseract.js, which needs nothing installed. Both read the same
 * shipped language data; the native one turns pages the right way up itself when the machine has
 * tesseract's orientation data.
 *
 * `auto` probes the binary when the engine is first needed (see {@link LazyOcrEngine}); `tesseract`
 * probes it at once, so that settings naming a binary that is missing are refused at start, not at
 * the first scan.
 */
export function chooseOcrEngine(languages: string[], choice: OcrEngineChoice = 'auto'): OcrEngine {
  if (choice === 'tesseract.js') return new WasmOcrEngine(languages);
  if (choice === 'auto') return new LazyOcrEngine(() => probeOcrEngine(languages, choice));
  return probeOcrEngine(languages, choice);
}

/** The native engine when its binary is on PATH and recent enough; else tesseract.js, or an error for `tesseract`. */
function probeOcrEngine(languages: string[], choice: 'auto' | 'tesseract'): OcrEngine {
  const binary = findExecutable('tesseract');
  const usable = binary !== undefined && nativeTesseractWorks(binary);
  if (usable) return new NativeOcrEngine(binary, languages, findOrientationData(binary));
  if (choice === 'tesseract') {
    throw new TypeError('createOcrSource: engine "tesseract" needs tesseract 4.1 or later on PATH');
  }
  return new WasmOcrEngine(languages);
}
