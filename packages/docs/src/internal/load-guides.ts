import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { rawHtml } from './html.js';
import type { PageContent } from './layout.js';
import { renderMarkdown } from './markdown.js';

/** The order guides are listed in; a guide not named here follows, by file name. */
const GUIDE_ORDER = [
  'quickstart',
  'cli',
  'python-client',
  'direct-uploads',
  'webhooks',
  'idempotency-and-retries',
  'errors',
  'writing-a-plugin',
  'mounting',
  'mcp',
  'scaling-out',
];

const rank = (name: string): number => {
  const index = GUIDE_ORDER.indexOf(name);
  return index === -1 ? GUIDE_ORDER.length : index;
};

/** The directory's entries; none when it does not exist (a package installed without the repository). */
async function listDirectory(directory: string): Promise<string[]> {
  try {
    return await readdir(directory);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Every `*.md` of the directory as a page `guides/<name>.html`, titled by its first `# ` heading. */
export async function loadGuides(directory: string): Promise<PageContent[]> {
  const names = (await listDirectory(directory))
    .filter((file) => file.endsWith('.md'))
    .map((file) => file.slice(0, -3))
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return Promise.all(
    names.map(async (name) => {
      const markdown = await readFile(join(directory, `${name}.md`), 'utf8');
      const title = /^# (.+)$/m.exec(markdown)?.[1]?.trim() ?? name;
      return { path: `guides/${name}.html`, title, main: rawHtml(renderMarkdown(markdown)) };
    }),
  );
}
