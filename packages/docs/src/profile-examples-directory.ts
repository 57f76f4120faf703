import { fileURLToPath } from 'node:url';

/**
 * The repository's `docs/profile-examples/`: one real markdown output per profile (`<profile>.md`),
 * made by `transmute convert` from {@link PROFILE_EXAMPLE_SOURCE}; the profiles page shows them.
 */
export const PROFILE_EXAMPLES_DIRECTORY: string = fileURLToPath(
  new URL('../../../docs/profile-examples/', import.meta.url),
);
