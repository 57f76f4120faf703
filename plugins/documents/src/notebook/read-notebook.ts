import { readFileSync } from 'node:fs';
import type { Image, Paragraph, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { TransmuteError } from '@transmute/plugin-sdk';
import type { FormatReader } from '../internal/format-reader.js';
import { htmlToMdast } from '../internal/html-to-mdast.js';
import { stampProvenance } from '../internal/stamp-provenance.js';
import { joinText, type Notebook, type NotebookCell, type NotebookOutput } from './notebook-json.js';

// The engine's own markdown reading (CommonMark + GFM), configured once.
const markdownParser = unified().use(remarkParse).use(remarkGfm).freeze();

/** Image media types of outputs, nbformat 4 names and nbformat 3 short keys. */
const IMAGE_OUTPUTS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/gif': 'gif',
  'image/svg+xml': 'svg',
  png: 'png',
  jpeg: 'jpeg',
  svg: 'svg',
};

function parseNotebook(text: string): Notebook {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new TransmuteError('corrupt_file', 'The notebook is not valid JSON.', { cause: error });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new TransmuteError('corrupt_file', 'The notebook is not a JSON object.');
  }
  const notebook = parsed as Notebook;
  if (!Array.isArray(notebook.cells) && !Array.isArray(notebook.worksheets)) {
    throw new TransmuteError('corrupt_file', 'The notebook has no cells (neither nbformat 4 nor 3).');
  }
  return notebook;
}

function cellsOf(notebook: Notebook): NotebookCell[] {
  if (Array.isArray(notebook.cells)) return notebook.cells;
  return (notebook.worksheets ?? []).flatMap((sheet) => sheet.cells ?? []);
}

function kernelLanguage(notebook: Notebook): string | undefined {
  const meta = notebook.metadata;
  return meta?.kernelspec?.language ?? meta?.language_info?.name;
}

function markdownBlocks(source: string): RootContent[] {
  const tree = markdownParser.parse(source);
  const strip = (node: { position?: unknown; children?: unknown[] }): void => {
    delete node.position;
    for (const child of node.children ?? []) strip(child as typeof node);
  };
  for (const block of tree.children) strip(block);
  return tree.children;
}

function textBlock(value: string, lang?: string): RootContent {
  return { type: 'code', lang: lang ?? null, value: value.replace(/\n$/, '') };
}

/** The text an output shows, or an image placeholder: nbformat 4 and 3 output shapes. */
function outputBlocks(output: NotebookOutput, cellNumber: number): RootContent[] {
  const type = output.output_type;
  if (type === 'error' || type === 'pyerr') {
    return [textBlock(`${output.ename ?? 'Error'}: ${output.evalue ?? ''}`.trimEnd())];
  }
  if (type === 'stream') return output.text === undefined ? [] : [textBlock(joinText(output.text))];
  const bundle: Record<string, unknown> = output.data ?? output;
  const image = Object.keys(IMAGE_OUTPUTS).find((key) => bundle[key] !== undefined);
  if (image !== undefined) {
    const node: Image = {
      type: 'image',
      url: `cell-${String(cellNumber)}-output.${IMAGE_OUTPUTS[image] ?? 'png'}`,
      alt: `Output of cell ${String(cellNumber)} (${image.includes('/') ? image : `image/${image}`})`,
    };
    const paragraph: Paragraph = { type: 'paragraph', children: [node] };
    return [paragraph];
  }
  const text = (key: string): string | undefined => {
    const value = bundle[key];
    return typeof value === 'string' || Array.isArray(value)
      ? joinText(value as string | string[])
      : undefined;
  };
  const markdown = text('text/markdown');
  if (markdown !== undefined) return markdownBlocks(markdown);
  // A table (a pandas DataFrame) reads better as a table than as its fixed-width text/plain.
  const html = text('text/html');
  if (html !== undefined && /<table/i.test(html)) return htmlToMdast(html);
  const plain = text('text/plain') ?? (output.data === undefined ? text('text') : undefined);
  if (plain !== undefined) return [textBlock(plain)];
  return html === undefined ? [] : htmlToMdast(html);
}

function cellBlocks(cell: NotebookCell, cellNumber: number, language: string | undefined): RootContent[] {
  switch (cell.cell_type ?? '') {
    case 'markdown':
      return markdownBlocks(joinText(cell.source));
    case 'heading': {
      const text = joinText(cell.source).trim();
      if (text === '') return [];
      const depth = Math.min(6, Math.max(1, cell.level ?? 1)) as 1 | 2 | 3 | 4 | 5 | 6;
      return [{ type: 'heading', depth, children: [{ type: 'text', value: text }] }];
    }
    case 'code': {
      const source = joinText(cell.source ?? cell.input);
      const blocks: RootContent[] =
        source.trim() === '' ? [] : [textBlock(source, cell.language ?? language)];
      for (const output of cell.outputs ?? []) blocks.push(...outputBlocks(output, cellNumber));
      return blocks;
    }
    case 'raw': {
      const source = joinText(cell.source);
      return source.trim() === '' ? [] : [textBlock(source)];
    }
    default:
      return [];
  }
}

/**
 * A Jupyter notebook (nbformat 4, and 3): markdown cells as markdown (remark, CommonMark + GFM),
 * code cells fenced with the kernel's language, then their outputs: `text/markdown` as markdown,
 * HTML tables (DataFrames) as tables, else streams, `text/plain` results and errors (`ename:
 * evalue`) as plain fences, other HTML converted and image outputs as image placeholders;
 * raw cells as plain fences. Each block's provenance is its cell (`path: 'cell N'`, 1-based).
 */
export const readNotebook: FormatReader = async (file) => {
  const notebook = parseNotebook(readFileSync(file.path, 'utf8'));
  const language = kernelLanguage(notebook);
  const children: RootContent[] = [];
  for (const [index, cell] of cellsOf(notebook).entries()) {
    const number = index + 1;
    children.push(...stampProvenance(cellBlocks(cell, number, language), { path: `cell ${String(number)}` }));
  }
  if (children.length === 0) throw new TransmuteError('empty_content', 'The notebook has no content.');
  const firstHeading = children.find((block) => block.type === 'heading');
  const title = notebook.metadata?.title ?? (firstHeading === undefined ? undefined : toString(firstHeading));
  const kernel = notebook.metadata?.kernelspec?.display_name ?? notebook.metadata?.kernelspec?.name;
  return {
    root: { type: 'root', children },
    metadata: {
      ...(title !== undefined && title !== '' ? { title } : {}),
      facts: {
        nbformat: notebook.nbformat ?? (Array.isArray(notebook.cells) ? 4 : 3),
        cells: cellsOf(notebook).length,
        ...(kernel !== undefined ? { kernel } : {}),
        ...(language !== undefined ? { kernelLanguage: language } : {}),
      },
    },
  };
};
