import { basename, extname } from 'node:path';
import { codeLanguageOf } from '@transmute/plugin-sdk';

/** Why a file is listed instead of inlined. */
export type SummaryReason =
  'binary' | 'vendored' | 'generated' | 'lock file' | 'too large' | 'link' | 'digest limit';

const LOCK_FILES = new Set([
  'package-lock.json',
  'npm-shrinkwrap.json',
  'yarn.lock',
  'pnpm-lock.yaml',
  'bun.lockb',
  'Cargo.lock',
  'poetry.lock',
  'Pipfile.lock',
  'Gemfile.lock',
  'composer.lock',
  'go.sum',
  'mix.lock',
  'pubspec.lock',
  'Podfile.lock',
  'uv.lock',
  'flake.lock',
  'packages.lock.json',
  'gradle.lockfile',
]);
const VENDORED =
  /(^|\/)(node_modules|vendor|third_party|third-party|bower_components|\.venv|venv|site-packages|Pods|\.yarn)\//;
const GENERATED_PATH =
  /(^|\/)(dist|build|out|target|coverage|__pycache__|\.next|\.nuxt)\/|\.min\.(js|css)$|\.(map|pyc|class|o|obj)$|\.pb\.go$|_pb2\.py$|\.g\.dart$/;
const GENERATED_MARK =
  /@generated|DO NOT EDIT|this file (is|was) (automatically|auto-)generated|auto-generated file/i;
const BINARY_EXTENSIONS = new Set(
  (
    'png jpg jpeg gif bmp ico webp tif tiff psd svgz pdf zip gz tgz bz2 xz 7z rar jar war ear exe dll so dylib a lib bin dat db ' +
    'sqlite sqlite3 woff woff2 ttf otf eot mp3 mp4 m4a wav ogg webm mov avi flac mkv wasm pyc class o obj node ' +
    'iso img dmg deb rpm apk ipa npy npz pkl parquet avro onnx pt pth h5 ckpt safetensors'
  ).split(' '),
);
/**
 * Documents another source of the engine reads (office files, PDF, e-books, mail): in any archive
 * they are converted as child documents of the archive, not listed as binary files.
 */
const DOCUMENT_EXTENSIONS = new Set(
  'docx docm dotx doc pptx pptm ppt xlsx xlsm xls odt ods odp rtf epub pdf msg eml'.split(' '),
);
/** Fence languages of text that is not source code: an archive of only these is not a code repository. */
const NOT_CODE = new Set([
  'html',
  'json',
  'markdown',
  'mdx',
  'text',
  'csv',
  'xml',
  'yaml',
  'rst',
  'latex',
  'log',
]);
const WEB_PAGE = /\.(html?|xhtml)$/i;

/** True for a document another source reads ({@link DOCUMENT_EXTENSIONS}). */
export function isDocumentPath(path: string): boolean {
  return DOCUMENT_EXTENSIONS.has(extname(path).slice(1).toLowerCase());
}

/** True for a web page (`.html`, `.htm`, `.xhtml`): a document in an archive without source code. */
export function isWebPagePath(path: string): boolean {
  return WEB_PAGE.test(path);
}

/** True for a file of source code (a fence language that is not markup, data or prose). */
export function isSourceCode(path: string): boolean {
  const language = codeLanguageOf(path);
  return language !== '' && !NOT_CODE.has(language);
}

/** Why a file should be summarized rather than inlined, from its path alone (undefined: read it). */
export function classifyPath(path: string): SummaryReason | undefined {
  const name = basename(path);
  if (LOCK_FILES.has(name)) return 'lock file';
  if (VENDORED.test(path)) return 'vendored';
  if (GENERATED_PATH.test(path)) return 'generated';
  if (BINARY_EXTENSIONS.has(extname(name).slice(1).toLowerCase())) return 'binary';
  return undefined;
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/** Decodes a file's bytes as text, or tells why it is not inlined (binary, generated). */
export function classifyContent(content: Buffer): { text: string } | { reason: SummaryReason } {
  const head = content.subarray(0, 8192);
  if (head.includes(0)) return { reason: 'binary' };
  let text: string;
  try {
    text = decoder.decode(content);
  } catch {
    return { reason: 'binary' };
  }
  if (GENERATED_MARK.test(text.slice(0, 1024))) return { reason: 'generated' };
  return { text: text.replace(/^\uFEFF/, '') };
}
