// `@transmute/plugin-sdk/zip`: safe zip reading (entry count, uncompressed total and ratio limits,
// unsafe paths, counted inflation) shared by the documents and repository plugins, so each
// depends on the SDK alone. A subpath, so plugins that read no archives never load yauzl.
export { openZip, type OpenZipOptions, type SafeZip, type ZipEntry, type ZipLimits } from './zip/open-zip.js';
export { checkArchiveTotals, type ArchiveTotalsLimits } from './zip/check-archive-totals.js';
