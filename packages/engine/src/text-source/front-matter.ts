import type { ExtractedDocument } from '@transmute/plugin-sdk';
import { toString } from 'mdast-util-to-string';

/**
 * A markdown file's front matter: the YAML (`---`) or TOML (`+++`) block that static site
 * generators, note apps and docs tools put first (Jekyll, Hugo, Docusaurus, Obsidian). Read
 * without a YAML engine: only top-level `key: value` lines (and TOML's `key = value`), with quoted
 * scalars, flow lists and block lists, which is where such files keep their title, author, date
 * and tags; a nested map is skipped. Nothing is evaluated, so no input can make it expand.
 */
export interface FrontMatter {
  /** Where the block ends in the content (after its closing fence's line end). */
  end: number;
  /** Its top-level fields as text, in order (a list joined with `, `). */
  fields: Map<string, string>;
}

/** A block that does not close within this many characters is no front matter. */
const MAX_FRONT_MATTER = 64 * 1024;
const MAX_FIELDS = 50;
const MAX_VALUE = 1000;
const YAML_FIELD = /^([A-Za-z_][\w.-]*)[ \t]*:(?:[ \t]+(.*))?$/;
const TOML_FIELD = /^([A-Za-z_][\w.-]*)[ \t]*=[ \t]*(.*)$/;
const LIST_ITEM = /^[ \t]+-[ \t]+(.*)$/;
const INDENTED = /^[ \t]+\S/;

/**
 * The front matter at the very start of `content`, or undefined when it has none.
 *
 * @example
 * readFrontMatter('---\ntitle: Bees\ntags: [a, b]\n---\n# Bees').fields; // title → Bees, tags → a, b
 */
export function readFrontMatter(content: string): FrontMatter | undefined {
  const fence = content.startsWith('---') ? '---' : content.startsWith('+++') ? '+++' : undefined;
  if (fence === undefined) return undefined;
  const firstBreak = content.indexOf('\n');
  if (firstBreak < 0 || content.slice(3, firstBreak).trim() !== '') return undefined;
  const lines: string[] = [];
  let position = firstBreak + 1;
  while (position < content.length && position <= MAX_FRONT_MATTER) {
    const lineEnd = content.indexOf('\n', position);
    const next = lineEnd < 0 ? content.length : lineEnd + 1;
    const line = content.slice(position, lineEnd < 0 ? content.length : lineEnd).replace(/\r$/, '');
    if (line.trimEnd() === fence || (fence === '---' && line.trimEnd() === '...'))
      return { end: next, fields: fence === '---' ? yamlFields(lines) : tomlFields(lines) };
    lines.push(line);
    position = next;
  }
  return undefined;
}

function yamlFields(lines: string[]): Map<string, string> {
  const fields = new Map<string, string>();
  for (let index = 0; index < lines.length && fields.size < MAX_FIELDS; index += 1) {
    const match = YAML_FIELD.exec(lines[index] ?? '');
    if (match === null) continue;
    const [, key = '', raw = ''] = match;
    const nested: string[] = [];
    while (INDENTED.test(lines[index + 1] ?? '')) nested.push(lines[(index += 1)] ?? '');
    const value = raw.trim() === '' || /^[|>][+-]?$/.test(raw.trim()) ? blockValue(nested) : scalar(raw);
    if (value !== undefined && value !== '') fields.set(key, value.slice(0, MAX_VALUE));
  }
  return fields;
}

/** A field written under its key: a block list (`- a`) joined, a block scalar's lines joined; a map skipped. */
function blockValue(nested: string[]): string | undefined {
  const items = nested.map((line) => LIST_ITEM.exec(line)?.[1]);
  if (items.length > 0 && items.every((item) => item !== undefined))
    return items.map((item) => scalar(item)).join(', ');
  if (nested.some((line) => YAML_FIELD.test(line.trim()))) return undefined;
  return nested.map((line) => line.trim()).join(' ');
}

function tomlFields(lines: string[]): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of lines) {
    if (fields.size >= MAX_FIELDS || line.startsWith('[')) break;
    const match = TOML_FIELD.exec(line);
    if (match === null) continue;
    const value = scalar(match[2] ?? '');
    if (value !== '') fields.set(match[1] ?? '', value.slice(0, MAX_VALUE));
  }
  return fields;
}

/** A scalar as text: quotes taken off, a flow list (`[a, "b"]`) joined, a trailing comment dropped. */
function scalar(raw: string): string {
  const value = raw.trim();
  if (value.startsWith('[') && value.endsWith(']'))
    return value
      .slice(1, -1)
      .split(',')
      .map((item) => scalar(item))
      .filter((item) => item !== '')
      .join(', ');
  const quote = value[0];
  if ((quote === '"' || quote === "'") && value.length > 1 && value.endsWith(quote))
    return value.slice(1, -1);
  return value.replace(/[ \t]+#.*$/, '');
}

/**
 * The content with its front matter turned into blank lines of the same length, so the markdown
 * parser reads no `---` rule or setext heading out of it and every block's offsets still point
 * into the file.
 */
export function withoutFrontMatter(content: string, frontMatter: FrontMatter): string {
  return content.slice(0, frontMatter.end).replace(/[^\n]/g, ' ') + content.slice(frontMatter.end);
}

/** Fields that say what the document's metadata says; the others become its facts by their names. */
const METADATA_FIELDS = {
  title: ['title'],
  author: ['author', 'authors'],
  publishedTime: ['date', 'published'],
  excerpt: ['description', 'summary', 'excerpt'],
} as const;

/**
 * Puts the front matter into the document: its title, author, date and description into the
 * metadata, every other field into the facts; and its title as the document's first heading
 * (`data.title`, CONTRACT §13) when the text does not start with that heading already, as the site
 * generator shows it.
 */
export function applyFrontMatter(document: ExtractedDocument, frontMatter: FrontMatter): void {
  const fields = new Map(frontMatter.fields);
  const take = (names: readonly string[]): string | undefined => {
    const name = names.find((candidate) => fields.has(candidate));
    const value = name === undefined ? undefined : fields.get(name);
    for (const candidate of names) fields.delete(candidate);
    return value;
  };
  const metadata = { ...document.metadata };
  for (const [key, names] of Object.entries(METADATA_FIELDS) as [
    keyof typeof METADATA_FIELDS,
    readonly string[],
  ][]) {
    const value = take(names);
    if (value !== undefined) metadata[key] = value;
  }
  if (fields.size > 0) metadata.facts = { ...metadata.facts, ...Object.fromEntries(fields) };
  document.metadata = metadata;
  const title = metadata.title;
  const [first] = document.root.children;
  if (title === undefined || (first?.type === 'heading' && toString(first).trim() === title)) return;
  document.root.children.unshift({
    type: 'heading',
    depth: 1,
    children: [{ type: 'text', value: title }],
    data: { title: true, provenance: { startOffset: 0, endOffset: frontMatter.end } },
  });
}
