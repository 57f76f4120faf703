import { isTransmuteError } from '@transmute/contract';

/** The failure code a conversion was refused with; a success, or an error without a code, fails the test. */
export async function failureCode(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => new Error('expected a failure'),
    (caught: unknown) => caught,
  );
  if (isTransmuteError(error)) return error.code;
  throw error;
}
