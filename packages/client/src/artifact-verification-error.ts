/**
 * Thrown by `downloadArtifact` when the downloaded bytes are not the artifact the manifest
 * describes: `size_mismatch` or `digest_mismatch` (the partial file is removed, so a new call
 * starts over).
 */
export class ArtifactVerificationError extends Error {
  override readonly name = 'ArtifactVerificationError';
  readonly code: 'size_mismatch' | 'digest_mismatch';
  /** What the manifest said (bytes, or the sha256 in hex). */
  readonly expected: string;
  /** What was received. */
  readonly actual: string;

  constructor(code: 'size_mismatch' | 'digest_mismatch', expected: string, actual: string) {
    super(
      code === 'size_mismatch'
        ? `Downloaded ${actual} bytes; the manifest says ${expected}.`
        : `The downloaded bytes hash to ${actual}; the manifest says ${expected}.`,
    );
    this.code = code;
    this.expected = expected;
    this.actual = actual;
  }
}
