import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { convertHtml } from './convert-html.js';

import { toString } from 'mdast-util-to-string';
const [id] = process.argv.slice(2);
const html = gunzipSync(readFileSync(`/work/shared/corpora/web-kinds/html/${id}.html.gz`)).toString('utf8');
const r = await convertHtml(html, { url: 'https://example.com/' });
console.log(r.warnings, r.dom, r.mainContentFound);
console.log(r.root.children.map((c) => c.type + ': ' + toString(c)).join('\n').slice(0, Number(process.argv[3] ?? 3000)));
