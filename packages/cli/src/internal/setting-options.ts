import { Option, type Command } from 'commander';
import { SETTINGS, type ServerSettings } from './settings.js';

/**
 * Adds the flags of the given settings to a command, each documented with its `TRANSMUTE_*`
 * variable and default. No commander defaults: `resolveSettings` applies flag → env → default.
 */
export function addSettingOptions(command: Command, keys: readonly (keyof ServerSettings)[]): Command {
  for (const definition of SETTINGS) {
    if (definition.flag === undefined || !keys.includes(definition.key)) continue;
    const defaultText = definition.defaultText === '' ? '' : `; default ${definition.defaultText}`;
    command.addOption(
      new Option(definition.flag, `${definition.description} (env ${definition.env}${defaultText})`),
    );
  }
  return command;
}
