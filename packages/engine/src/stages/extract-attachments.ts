import { stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve } from 'node:path';
import type { Heading, Nodes, RootContent } from 'mdast';
import { isTransmuteError } from '@transmute/contract';
import type { ExtractedAttachment, ExtractedDocument, SourceFile, StageContext } from '@transmute/plugin-sdk';
import { checkAborted } from '../internal/abort.js';
import type { RunRecorder } from '../internal/usage-meter.js';
import { mediaTypeFromName } from '../media-type-from-name.js';
import { isGenericMediaType, toCanonicalMediaType } from '../media-types.js';
import { findReader } from './find-reader.js';
import { checkMediaType } from '../sniff/check-media-type.js';
import { sniffMediaType } from '../sniff/sniff-media-type.js';
import type { TextSourceInput } from '../text-source/read-text-source.js';
import { toStageContext, type RunContext } from './run-context.js';
import { readHead, readTextFile } from './scanning.js';

/**
 * Reads an inline text source into a document: the runner passes the `read-text` CPU task, run
 * inline or on a worker thread as the input's size decides (the stages do not know which).
 */
export type ReadText = (input: TextSourceInput) => Promise<ExtractedDocument>;

/** How far attachments are followed: nesting depth (an e-mail attached to an e-mail…) and a count per job. */
export const ATTACHMENT_DEFAULTS = Object.freeze({ maxDepth: 3, maxPerJob: 100 });

/** What reading the attachments of one job shares: the run, its text reader, the job's remaining count. */
export interface AttachmentRun {
  run: RunContext;
  readText: ReadText;
  /** Attachments the task may still read (starts at `maxPerJob`, shared by the files and attachments of one extraction task). */
  budget: { remaining: number };
}

/** Meters `extracted_pages` from a document's page count when its plugin did not meter them itself. */
export function meterPageCount(
  document: ExtractedDocument,
  stageContext: { metered: Set<string> },
  recorder: RunRecorder,
): void {
  const pages = document.metadata.pageCount;
  if (pages !== undefined && !stageContext.metered.has('extracted_pages'))
    recorder.meter('extracted_pages', pages);
}

function topHeadingDepth(nodes: readonly RootContent[]): number {
  const depths = nodes.filter((node) => node.type === 'heading').map((node) => node.depth);
  return depths.length === 0 ? 0 : Math.min(...depths);
}

const toDepth = (depth: number): Heading['depth'] => Math.max(1, Math.min(6, depth)) as Heading['depth'];

/** Shifts every heading by `shift` levels and prefixes `part` to every node's provenance path. */
function rebase(node: Nodes, part: string, shift: number): void {
  if (node.type === 'heading') node.depth = toDepth(node.depth + shift);
  if (node.type !== 'text') {
    const provenance = node.data?.provenance ?? {};
    const path = provenance.path === undefined ? part : `${part}/${provenance.path}`;
    node.data = { ...node.data, provenance: { ...provenance, path } };
  }
  if ('children' in node) for (const child of node.children) rebase(child, part, shift);
}

/**
 * The child's blocks under an `Attachment: <name>` heading one level below the parent's top
 * heading, the child's own headings shifted to start one level below that one.
 */
function nestChild(
  child: ExtractedDocument,
  attachment: ExtractedAttachment,
  parentTop: number,
): RootContent[] {
  const depth = toDepth(parentTop + 1);
  const heading: Heading = {
    type: 'heading',
    depth,
    children: [{ type: 'text', value: `Attachment: ${attachment.name}` }],
    data: { provenance: { path: attachment.part }, addendum: true },
  };
  const childTop = topHeadingDepth(child.root.children);
  const shift = childTop === 0 ? 0 : depth + 1 - childTop;
  for (const node of child.root.children) rebase(node, attachment.part, shift);
  return [heading, ...child.root.children];
}

/** The attachment as a source file, refused when the plugin put it outside the run's scratch directory. */
async function toSourceFile(attachment: ExtractedAttachment, scratchDir: string): Promise<SourceFile> {
  const path = resolve(attachment.path);
  const inside = relative(resolve(scratchDir), path);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside))
    throw new Error('the plugin wrote it outside the run directory');
  const info = await stat(path);
  if (!info.isFile()) throw new Error('it is not a file');
  return { name: attachment.name, mediaType: attachment.mediaType, sizeBytes: info.size, path };
}

/**
 * The declared type, unless it says nothing (`application/octet-stream`): then what the bytes show,
 * and where they only show text (or nothing known), what the name's extension says (`.csv`).
 */
async function attachmentMediaType(file: SourceFile, head: Uint8Array): Promise<string> {
  const declared = toCanonicalMediaType(file.mediaType);
  if (!isGenericMediaType(declared)) return declared;
  const sniffed = await sniffMediaType(head, file.path);
  if (sniffed !== undefined && sniffed !== 'text/plain') return toCanonicalMediaType(sniffed);
  return toCanonicalMediaType(mediaTypeFromName(file.name) ?? sniffed ?? declared);
}

/**
 * One attachment, sniffed, checked, routed, inspected and extracted like an uploaded file; its
 * own attachments are not read here. `undefined` (with a warning) when it is not converted.
 */
async function readAttachment(
  attachment: ExtractedAttachment,
  { run, readText }: AttachmentRun,
): Promise<ExtractedDocument | undefined> {
  const { name } = attachment;
  const failed = (detail: string): undefined => {
    run.recorder.warn('attachment_failed', `${name}: ${detail}`);
    return undefined;
  };
  try {
    const file = await toSourceFile(attachment, run.scratchDir);
    const head = await readHead(file.path);
    if (head.length === 0) return failed('the file is empty.');
    file.mediaType = await attachmentMediaType(file, head);
    const check = await checkMediaType(head, file.mediaType, file.sizeBytes <= head.length, file.path);
    if (!check.ok) return failed(check.detail);
    for (const warning of check.warnings) run.recorder.add(`${warning} (${name})`);
    const reader = await findReader(run.registry, { mediaType: file.mediaType, name, head });
    if (reader?.kind === 'text') {
      const { text, warnings } = await readTextFile(file);
      for (const warning of warnings) run.recorder.add(`${warning} (${name})`);
      return await readText({ content: text, mediaType: file.mediaType, name });
    }
    if (reader === undefined) {
      run.recorder.warn('attachment_not_converted', `${name} (${file.mediaType})`);
      return undefined;
    }
    const { adapter } = reader;
    const inspection = adapter.inspect ? await adapter.inspect(file, run.signal) : undefined;
    if (inspection?.ok === false) return failed(inspection.detail);
    for (const warning of inspection?.warnings ?? []) run.recorder.add(`${warning} (${name})`);
    // The parent's progress goes on: a child reporting its own 0..100 would only stall it.
    const stageContext: StageContext & { metered: Set<string> } = {
      ...toStageContext(run, adapter),
      progress: () => undefined,
    };
    const document = await adapter.extract(file, stageContext);
    meterPageCount(document, stageContext, run.recorder);
    return document;
  } catch (error) {
    if (run.signal.aborted) throw error;
    return failed(
      isTransmuteError(error) ? error.message : (error as Error).message || 'it could not be read.',
    );
  }
}

/**
 * Reads the attachments a source adapter returned (`document.attachments`) as child documents
 * and appends each after the parent's content: an `Attachment: <name>` heading one level below the
 * parent's top heading, then the child's blocks, headings shifted below it. Every child node's
 * provenance `path` is the attachment's part, prefixed to the child's own path when it has one
 * (`attachments/book.xlsx`, `attachments/fwd.eml/text/html`); its `fileId` is the parent's (the
 * caller tags the whole document). Attachments of attachments are followed up to
 * `attachments.maxDepth` levels and `attachments.maxPerJob` in all; past either, and for a type no
 * source reads, the attachment stays listed with `attachment_not_converted`; a child that fails
 * (corrupt, encrypted, too large) is `attachment_failed` and the job goes on. The document no
 * longer carries `attachments` afterwards.
 */
export async function appendAttachments(
  document: ExtractedDocument,
  job: AttachmentRun,
  depth = 1,
): Promise<void> {
  const attachments = document.attachments ?? [];
  delete document.attachments;
  if (attachments.length === 0) return;
  const maxDepth = job.run.options.attachments?.maxDepth ?? ATTACHMENT_DEFAULTS.maxDepth;
  const maxPerJob = job.run.options.attachments?.maxPerJob ?? ATTACHMENT_DEFAULTS.maxPerJob;
  const parentTop = topHeadingDepth(document.root.children);
  for (const attachment of attachments) {
    checkAborted(job.run.signal);
    if (depth > maxDepth) {
      const levels = `${String(maxDepth)} level${maxDepth === 1 ? '' : 's'}`;
      const detail = `${attachment.name} (attachments nested more than ${levels} deep are not read)`;
      job.run.recorder.warn('attachment_not_converted', detail);
      continue;
    }
    if (job.budget.remaining <= 0) {
      const detail = `${attachment.name} (the job's limit of ${String(maxPerJob)} attachments is reached)`;
      job.run.recorder.warn('attachment_not_converted', detail);
      continue;
    }
    job.budget.remaining -= 1;
    const child = await readAttachment(attachment, job);
    if (child === undefined) continue;
    await appendAttachments(child, job, depth + 1);
    document.root.children.push(...nestChild(child, attachment, parentTop));
  }
}
