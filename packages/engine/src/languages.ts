import { OUTPUT_LANGUAGES } from './profiles/labels.js';

/**
 * Languages that outputs can be labelled in (ISO 639-1): the ones the profiles' label tables
 * cover. getCapabilities reports them.
 */
export const SUPPORTED_LANGUAGES: readonly string[] = OUTPUT_LANGUAGES;
