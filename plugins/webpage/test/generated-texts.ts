/**
 * Texts made of `pieces` joined at random (up to `maxPieces` each), the same on every run: a
 * seeded Lehmer generator, so a failing text can be found again.
 */
export function generatedTexts(
  pieces: readonly string[],
  count: number,
  maxPieces: number,
  seed: number,
): string[] {
  let state = seed;
  const random = () => (state = (state * 48271) % 2147483647) / 2147483647;
  const texts: string[] = [];
  for (let sample = 0; sample < count; sample += 1) {
    let text = '';
    for (let piece = Math.floor(random() * maxPieces); piece > 0; piece -= 1) {
      text += pieces[Math.floor(random() * pieces.length)] ?? '';
    }
    texts.push(text);
  }
  return texts;
}
