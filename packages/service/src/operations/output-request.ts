import {
  DEFAULT_OUTPUT_LANGUAGE,
  fieldError,
  OUTPUT_PROFILES,
  type OutputOptions,
} from '@transmute/contract';
import type { OutputRequest } from '../kernel/engine.js';
import type { ServiceContext } from '../kernel/context.js';
import { engineCapabilities } from './engine-capabilities.js';

/** Applies the spec's defaults to `output` and checks the engine can render its format. */
export async function toOutputRequest(ctx: ServiceContext, output: OutputOptions): Promise<OutputRequest> {
  const request: OutputRequest = {
    profile: output.profile,
    format: output.format ?? 'markdown',
    language: output.language ?? DEFAULT_OUTPUT_LANGUAGE,
    includeRawSource: output.include_raw_source ?? false,
  };
  // The HTTP adapter validates bodies against the schema; a library caller may not have.
  if (!(OUTPUT_PROFILES as readonly string[]).includes(request.profile)) {
    throw fieldError(
      'output.profile',
      'invalid_value',
      `The field output.profile must be one of ${OUTPUT_PROFILES.join(', ')}.`,
    );
  }
  const capabilities = await engineCapabilities(ctx.engine);
  if (!capabilities.outputFormats.includes(request.format)) {
    throw fieldError('output.format', 'unsupported', `No installed renderer produces ${request.format}.`);
  }
  return request;
}
