/** Whether an error is a write to a pipe whose reader has gone (`transmute … | head`). */
export function isBrokenPipe(error: unknown): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === 'EPIPE';
}

/**
 * Ends the process quietly with 0 when the reader of `stream` closes it early, as Unix tools do
 * (`transmute convert x.md | head`): the reader took what it wanted, so nothing failed.
 */
export function exitOnBrokenPipe(stream: NodeJS.WritableStream): void {
  stream.on('error', (error: unknown) => {
    if (isBrokenPipe(error)) process.exit(0);
    throw error;
  });
}
