import type { OutputProfile } from './wire-types.js';

/**
 * The profile a surface picks when its user names none (console, CLI, clients, docs). The API itself
 * requires `output.profile` (the spec gives it no default); this is the one default of every surface
 * around it: the extracted content itself, which every other profile is made from.
 */
export const DEFAULT_OUTPUT_PROFILE: OutputProfile = 'raw_source';

/**
 * The language of labels and headings when a request names none (spec: `output.language` defaults
 * to `en`). Every path uses it, the API and a local `transmute convert` alike, so one source gets
 * the same labels either way; content in another language gets a `language_mismatch` warning that
 * names the language to ask for.
 */
export const DEFAULT_OUTPUT_LANGUAGE = 'en';
