export type {
  Provenance,
  PageBox,
  CellValue,
  TableData,
  TableCellData,
  DocumentMetadata,
  ExtractedDocument,
  ExtractedAttachment,
  Chunk,
  DocumentBlock,
  NormalizedDocument,
  Root,
  RootContent,
} from './document.js';
export {
  SDK_VERSION,
  isSourceAdapter,
  isOutputRenderer,
  isConnector,
  type PluginManifest,
  type PluginHealth,
  type StageContext,
  type SourceFile,
  type SourceProbe,
  type PageRange,
  type PagedReading,
  type FileInspection,
  type SourceAdapter,
  type Artifact,
  type RenderRequest,
  type OutputRenderer,
  type Connector,
  type ConnectorContext,
  type ConnectorResponse,
  type ResolvedShare,
  type Plugin,
} from './plugin-types.js';
export type { RenderedFile, ProfileRendering } from './rendering.js';
export { definePlugin } from './define-plugin.js';
export {
  definePluginLoader,
  isPluginLoader,
  type PluginDescriptor,
  type PluginLoader,
  type PluginLoaderOptions,
} from './define-plugin-loader.js';
// A plugin fails with the contract's one error class and codes; re-exported so plugins depend on the SDK alone.
export { TransmuteError, isTransmuteError, isFailureCode, type FailureCode } from '@transmute/contract';
export { ISO_639_3_CODES, toIso6391, toPrimaryLanguage } from './language-codes.js';
export { findExecutable } from './find-executable.js';
export { toFailedInspection, type FailedInspection } from './failed-inspection.js';
export { toWorkerScript } from './to-worker-script.js';
export { workerResourceLimits } from './worker-resource-limits.js';
export { readFileHead } from './read-file-head.js';
export { codeLanguageOf, codeLanguageOfMediaType } from './code-language.js';
export { resolveByteLimit } from './resolve-byte-limit.js';
export { checkByteLimit, assertWithinByteLimit } from './check-byte-limit.js';
// One table writer for every reader (Word, slides, sheets, PDF): GFM when it can hold the table, HTML when spans need it.
export { tableMarkup, gfmTable, htmlTable, type HtmlCell, type LaidOutCell } from './table-markup.js';
// An HTML table cell that holds blocks, as the `<br>`-separated lines a GFM cell can hold (webpage, documents).
export { toCellLines, flattenTableCells, cellBreakHandler } from './html-cell-lines.js';
