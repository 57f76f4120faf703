import type { FormatReader } from '../internal/format-reader.js';
import { packageLimitsOf } from '../internal/package-limits.js';
import { openPackage } from '../internal/open-package.js';
import { refuseEncryptedOoxml } from '../internal/refuse-encrypted.js';
import { WorkbookWriter } from './workbook-writer.js';
import {
  readCellFormats,
  readCoreProperties,
  readSharedStrings,
  readWorkbookStructure,
} from './xlsx-parts.js';
import { readWorksheet } from './xlsx-sheet.js';

/**
 * xlsx and xlsm: each visible sheet, in workbook order, as a section with its used range as a
 * table of displayed values (number formats applied, formulas as their cached values). Worksheets
 * and shared strings are streamed, never held as a tree.
 */
export const readXlsx: FormatReader = async (file, ctx) => {
  await refuseEncryptedOoxml(file);
  const pkg = await openPackage(file.path, file.sizeBytes, packageLimitsOf(ctx.limits));
  try {
    const structure = await readWorkbookStructure(pkg);
    const sharedStrings =
      structure.sharedStringsPart === undefined
        ? []
        : await readSharedStrings(pkg, structure.sharedStringsPart, ctx.signal);
    const cellFormats = await readCellFormats(pkg, structure.stylesPart);
    const writer = new WorkbookWriter('xlsx', ctx);
    for (const sheet of structure.sheets) {
      if (sheet.part === undefined) continue;
      const grid = writer.beginSheet(sheet.name, sheet.hidden);
      if (grid === undefined) continue;
      const missing = await readWorksheet(pkg, sheet.part, grid, {
        sharedStrings,
        cellFormats,
        date1904: structure.date1904,
        signal: ctx.signal,
      });
      writer.endSheet(sheet.name, grid, missing);
    }
    return writer.finish(await readCoreProperties(pkg));
  } finally {
    pkg.close();
  }
};
