import { TransmuteError } from '@transmute/plugin-sdk';

/** How a CCITT strip is coded: TIFF compression 2 (`rle`), 3 (`g3`, T.4) or 4 (`g4`, T.6). */
export interface CcittOptions {
  kind: 'rle' | 'g3' | 'g4';
  width: number;
  rows: number;
  /** T.4 with 2-D rows (T4Options bit 0). */
  twoDimensional?: boolean;
  /** FillOrder 2: the bits of each byte are stored lowest first. */
  reversedBits?: boolean;
}

// Run-length codes of ITU-T T.4 (white and black terminating codes 0..63, make-up codes 64..1728
// and the shared extended make-up codes 1792..2560), as bit strings.
const WHITE_TERMINATING =
  '00110101,000111,0111,1000,1011,1100,1110,1111,10011,10100,00111,01000,001000,000011,110100,110101,101010,101011,0100111,0001100,0001000,0010111,0000011,0000100,0101000,0101011,0010011,0100100,0011000,00000010,00000011,00011010,00011011,00010010,00010011,00010100,00010101,00010110,00010111,00101000,00101001,00101010,00101011,00101100,00101101,00000100,00000101,00001010,00001011,01010010,01010011,01010100,01010101,00100100,00100101,01011000,01011001,01011010,01011011,01001010,01001011,00110010,00110011,00110100';
const BLACK_TERMINATING =
  '0000110111,010,11,10,011,0011,0010,00011,000101,000100,0000100,0000101,0000111,00000100,00000111,000011000,0000010111,0000011000,0000001000,00001100111,00001101000,00001101100,00000110111,00000101000,00000010111,00000011000,000011001010,000011001011,000011001100,000011001101,000001101000,000001101001,000001101010,000001101011,000011010010,000011010011,000011010100,000011010101,000011010110,000011010111,000001101100,000001101101,000011011010,000011011011,000001010100,000001010101,000001010110,000001010111,000001100100,000001100101,000001010010,000001010011,000000100100,000000110111,000000111000,000000100111,000000101000,000001011000,000001011001,000000101011,000000101100,000001011010,000001100110,000001100111';
const WHITE_MAKEUP =
  '11011,10010,010111,0110111,00110110,00110111,01100100,01100101,01101000,01100111,011001100,011001101,011010010,011010011,011010100,011010101,011010110,011010111,011011000,011011001,011011010,011011011,010011000,010011001,010011010,011000,010011011';
const BLACK_MAKEUP =
  '0000001111,000011001000,000011001001,000001011011,000000110011,000000110100,000000110101,0000001101100,0000001101101,0000001001010,0000001001011,0000001001100,0000001001101,0000001110010,0000001110011,0000001110100,0000001110101,0000001110110,0000001110111,0000001010010,0000001010011,0000001010100,0000001010101,0000001011010,0000001011011,0000001100100,0000001100101';
const EXTENDED_MAKEUP =
  '00000001000,00000001100,00000001101,000000010010,000000010011,000000010100,000000010101,000000010110,000000010111,000000011100,000000011101,000000011110,000000011111';

/** Run lengths by code: `table[bits][code]`, -1 where no code of that length exists. */
function toTable(groups: [string, number, number][]): Int16Array[] {
  const table = Array.from({ length: 14 }, (_, bits) => new Int16Array(1 << bits).fill(-1));
  for (const [codes, first, step] of groups) {
    codes.split(',').forEach((code, index) => {
      const row = table[code.length];
      if (row !== undefined) row[parseInt(code, 2)] = first + index * step;
    });
  }
  return table;
}

const RUNS = [
  toTable([
    [WHITE_TERMINATING, 0, 1],
    [WHITE_MAKEUP, 64, 64],
    [EXTENDED_MAKEUP, 1792, 64],
  ]),
  toTable([
    [BLACK_TERMINATING, 0, 1],
    [BLACK_MAKEUP, 64, 64],
    [EXTENDED_MAKEUP, 1792, 64],
  ]),
];

/** 2-D mode codes (T.4 4.2.1.3.2): vertical offsets -3..3, pass, horizontal, extension, end of line. */
const PASS = 100;
const HORIZONTAL = 101;
const EXTENSION = 102;
const END_OF_LINE = 103;
const MODES = new Map<string, number>([
  ['1', 0],
  ['011', 1],
  ['010', -1],
  ['000011', 2],
  ['000010', -2],
  ['0000011', 3],
  ['0000010', -3],
  ['0001', PASS],
  ['001', HORIZONTAL],
  ['0000001', EXTENSION],
  ['000000000001', END_OF_LINE],
]);
const MODE_CODES = new Map([...MODES].map(([code, mode]) => [(code.length << 16) | parseInt(code, 2), mode]));

class CorruptData extends Error {}

class BitReader {
  position = 0;
  private readonly end: number;

  constructor(private readonly data: Uint8Array) {
    this.end = data.length * 8;
  }

  get done(): boolean {
    return this.position >= this.end;
  }

  bit(): number {
    if (this.position >= this.end) throw new CorruptData('the data ends inside a row');
    const byte = this.data[this.position >> 3] ?? 0;
    const bit = (byte >> (7 - (this.position & 7))) & 1;
    this.position += 1;
    return bit;
  }

  alignToByte(): void {
    this.position = (this.position + 7) & ~7;
  }

  /** Consumes an end-of-line code (11 or more zeros, then a one) if one comes next. */
  skipEndOfLine(): boolean {
    const start = this.position;
    let zeros = 0;
    while (this.position < this.end && this.bit() === 0) zeros += 1;
    if (zeros >= 11) return true;
    this.position = start;
    return false;
  }

  /** One run: make-up codes, then a terminating code (< 64). */
  run(color: number): number {
    const table = RUNS[color] ?? [];
    let total = 0;
    for (;;) {
      let code = 0;
      let length = -1;
      for (let bits = 1; bits <= 13 && length < 0; bits += 1) {
        code = (code << 1) | this.bit();
        length = table[bits]?.[code] ?? -1;
      }
      if (length < 0) throw new CorruptData('an unknown run-length code');
      total += length;
      if (length < 64) return total;
    }
  }

  mode(): number {
    let code = 0;
    for (let bits = 1; bits <= 12; bits += 1) {
      code = (code << 1) | this.bit();
      const mode = MODE_CODES.get((bits << 16) | code);
      if (mode !== undefined) return mode;
    }
    throw new CorruptData('an unknown 2-D mode code');
  }
}

/** A row's changing elements: positions where the colour flips, starting with white to black. */
function readRow1D(reader: BitReader, width: number): number[] {
  const changes: number[] = [];
  let position = 0;
  let color = 0;
  while (position < width) {
    position += reader.run(color);
    if (position > width) throw new CorruptData('a run past the end of the row');
    changes.push(position);
    color = 1 - color;
  }
  return changes;
}

/** A 2-D coded row's changing elements, or undefined at the end-of-block code (T.6 EOFB). */
function readRow2D(reader: BitReader, width: number, reference: number[]): number[] | undefined {
  const changes: number[] = [];
  let a0 = -1;
  let color = 0;
  let index = 0;
  while (a0 < width) {
    // b1: the first changing element of the reference row right of a0 whose colour is not a0's
    // (even entries start black, odd ones white); b2: the next one.
    while (index < reference.length && ((reference[index] ?? width) <= a0 || index % 2 !== color)) index += 1;
    const b1 = reference[index] ?? width;
    const b2 = reference[index + 1] ?? width;
    const mode = reader.mode();
    if (mode === PASS) {
      a0 = b2;
    } else if (mode === HORIZONTAL) {
      const start = Math.max(a0, 0);
      const a1 = start + reader.run(color);
      const a2 = a1 + reader.run(1 - color);
      if (a2 > width) throw new CorruptData('a run past the end of the row');
      changes.push(a1, a2);
      a0 = a2;
    } else if (mode >= -3 && mode <= 3) {
      const a1 = b1 + mode;
      if (a1 < Math.max(a0, 0) || a1 > width) throw new CorruptData('a vertical code outside the row');
      changes.push(a1);
      a0 = a1;
      color = 1 - color;
    } else if (mode === END_OF_LINE && a0 === -1) {
      return undefined;
    } else {
      throw new CorruptData(
        mode === EXTENSION ? 'an uncompressed-mode extension' : 'an end of line inside a row',
      );
    }
    // The reference search restarts from the row's beginning after a0 moved backwards past it.
    if (index > 0 && (reference[index - 1] ?? 0) > a0) index = 0;
  }
  return changes;
}

function paint(out: Uint8Array, rowStart: number, changes: number[], width: number): void {
  for (let index = 0; index + 1 <= changes.length; index += 2) {
    const from = changes[index] ?? width;
    const to = Math.min(changes[index + 1] ?? width, width);
    for (let x = from; x < to; x += 1) {
      const at = rowStart + (x >> 3);
      out[at] = (out[at] ?? 0) | (0x80 >> (x & 7));
    }
  }
}

const REVERSED = Uint8Array.from({ length: 256 }, (_, byte) => {
  let reversed = 0;
  for (let bit = 0; bit < 8; bit += 1) if ((byte >> bit) & 1) reversed |= 0x80 >> bit;
  return reversed;
});

/**
 * Decodes one CCITT-coded strip (fax: Modified Huffman, T.4 1-D/2-D, T.6) into packed rows, a set
 * bit meaning black. Linear in the data: every code is looked up in a table, so corrupt data ends
 * quickly with `corrupt_file` instead of stalling the decoder. Rows missing at the end of the data
 * stay white.
 */
export function decodeCcitt(data: Uint8Array, options: CcittOptions): Uint8Array {
  const { width, rows, kind } = options;
  const rowBytes = Math.ceil(width / 8);
  const out = new Uint8Array(rowBytes * rows);
  const reader = new BitReader(
    options.reversedBits === true ? data.map((byte) => REVERSED[byte] ?? 0) : data,
  );
  let reference: number[] = [];
  let row = 0;
  try {
    for (; row < rows && !reader.done; row += 1) {
      let twoD = kind === 'g4';
      if (kind === 'g3') {
        reader.skipEndOfLine();
        if (options.twoDimensional === true) twoD = reader.bit() === 0;
      }
      if (kind === 'rle') reader.alignToByte();
      if (reader.done) break;
      const changes = twoD ? readRow2D(reader, width, reference) : readRow1D(reader, width);
      if (changes === undefined) break;
      paint(out, row * rowBytes, changes, width);
      reference = changes;
    }
  } catch (error) {
    if (!(error instanceof CorruptData)) throw error;
    throw new TransmuteError(
      'corrupt_file',
      `The fax-coded image data is corrupt at row ${row + 1}: ${error.message}.`,
    );
  }
  return out;
}
