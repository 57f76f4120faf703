import {
  OUTPUT_PROFILES,
  outputProfilePurposes,
  SOURCE_TYPES,
  SPEC_LIMITS,
  type Capabilities,
} from '@transmute/contract';
import type { ServiceContext } from '../kernel/context.js';
import { batchCapability } from './batch-capability.js';
import { engineCapabilities } from './engine-capabilities.js';

/** getCapabilities: what this installation can do (CONTRACT §12), from the engine's registered plugins. */
export async function getCapabilities(ctx: ServiceContext): Promise<Capabilities> {
  const engine = await engineCapabilities(ctx.engine);
  return {
    api_version: 'v1',
    source_types: [...SOURCE_TYPES],
    file_media_types: [...engine.fileMediaTypes],
    output_profiles: [...OUTPUT_PROFILES],
    output_profile_descriptions: outputProfilePurposes(),
    output_formats: [...engine.outputFormats],
    languages: [...engine.languages],
    plugins: [...engine.plugins, batchCapability(ctx.batch, engine.surfaces)],
    limits: {
      maximum_file_bytes: SPEC_LIMITS.maximumFileBytes,
      maximum_files_per_job: SPEC_LIMITS.maximumFilesPerJob,
      maximum_text_characters: SPEC_LIMITS.maximumTextCharacters,
    },
  };
}
