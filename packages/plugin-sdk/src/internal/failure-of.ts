import { isTransmuteError } from '@transmute/contract';

/** The code a promise fails with (a TransmuteError's code, else the error itself), or `undefined` when it succeeds. */
export async function failureOf(run: Promise<unknown>): Promise<unknown> {
  return run.then(
    () => undefined,
    (error: unknown) => (isTransmuteError(error) ? error.code : error),
  );
}
