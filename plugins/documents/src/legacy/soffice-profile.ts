import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Settings of the throwaway LibreOffice profile every conversion runs with, as
 * `registry path → property → value`. Macros: security level 3 ("very high": only signed macros
 * from trusted locations, and there are none) and `DisableMacrosExecution` (no macro at all, not
 * even document event handlers); VBA code in .doc/.xls/.ppt is neither loaded nor made executable.
 * Links: Writer (2) and Calc (1) never update links to other files or URLs while loading, and
 * untrusted referer links are blocked, so a document cannot make the converter fetch anything.
 */
const SETTINGS: readonly [path: string, property: string, type: 'xs:int' | 'xs:boolean', value: string][] = [
  ['/org.openoffice.Office.Common/Security/Scripting', 'MacroSecurityLevel', 'xs:int', '3'],
  ['/org.openoffice.Office.Common/Security/Scripting', 'DisableMacrosExecution', 'xs:boolean', 'true'],
  ['/org.openoffice.Office.Common/Security/Scripting', 'BlockUntrustedRefererLinks', 'xs:boolean', 'true'],
  ['/org.openoffice.Office.Writer/Filter/Import/VBA', 'Load', 'xs:boolean', 'false'],
  ['/org.openoffice.Office.Writer/Filter/Import/VBA', 'Executable', 'xs:boolean', 'false'],
  ['/org.openoffice.Office.Calc/Filter/Import/VBA', 'Load', 'xs:boolean', 'false'],
  ['/org.openoffice.Office.Calc/Filter/Import/VBA', 'Executable', 'xs:boolean', 'false'],
  ['/org.openoffice.Office.Impress/Filter/Import/VBA', 'Load', 'xs:boolean', 'false'],
  ['/org.openoffice.Office.Writer/Content/Update', 'Link', 'xs:int', '2'],
  ['/org.openoffice.Office.Calc/Content/Update', 'Link', 'xs:int', '1'],
];

function toRegistryModifications(): string {
  const items = SETTINGS.map(
    ([path, property, type, value]) =>
      `<item oor:path="${path}"><prop oor:name="${property}" oor:op="fuse" oor:type="${type}"><value>${value}</value></prop></item>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">',
    ...items,
    '</oor:items>',
    '',
  ].join('\n');
}

/**
 * Writes a fresh LibreOffice user profile into `directory` with {@link SETTINGS} (macros off,
 * links never updated) and returns the `-env:UserInstallation` URL that selects it. A profile of
 * its own per conversion also gives each soffice its own instance pipe, so concurrent conversions
 * never hand their work to one another.
 */
export async function writeLockedDownProfile(directory: string): Promise<string> {
  await mkdir(join(directory, 'user'), { recursive: true });
  await writeFile(join(directory, 'user', 'registrymodifications.xcu'), toRegistryModifications());
  return pathToFileURL(directory).href;
}
