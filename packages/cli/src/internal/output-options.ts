import { Option, type Command } from 'commander';
import {
  DEFAULT_OUTPUT_PROFILE,
  OUTPUT_FORMATS,
  OUTPUT_PROFILES,
  type OutputOptions,
} from '@transmute/contract';

/** The `output` flags of `jobs create` and `outputs create`. */
export interface OutputFlags {
  profile: OutputOptions['profile'];
  format?: OutputOptions['format'];
  language?: string;
  includeRawSource?: boolean;
}

/** Adds `--profile`, `--format`, `--language` and `--include-raw-source`. */
export function addOutputOptions(command: Command): Command {
  return command
    .addOption(
      new Option('--profile <profile>', 'output profile')
        .choices(OUTPUT_PROFILES)
        .default(DEFAULT_OUTPUT_PROFILE),
    )
    .addOption(
      new Option('--format <format>', 'output format (server default: markdown)').choices(OUTPUT_FORMATS),
    )
    .option('--language <language>', 'language of labels and headings (server default)')
    .option('--include-raw-source', 'add the raw extracted text (or the original files in a zip)');
}

/** The wire `output` object of the flags (absent flags are left to the server's defaults). */
export function toOutputOptions(flags: OutputFlags): OutputOptions {
  return {
    profile: flags.profile,
    ...(flags.format === undefined ? {} : { format: flags.format }),
    ...(flags.language === undefined ? {} : { language: flags.language }),
    ...(flags.includeRawSource === true ? { include_raw_source: true } : {}),
  };
}
