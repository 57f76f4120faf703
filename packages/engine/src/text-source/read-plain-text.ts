import type { ExtractedDocument } from '@transmute/plugin-sdk';
import { codeLanguageOf, codeLanguageOfMediaType } from '@transmute/plugin-sdk';
import { parsePlainText } from './parse-plain-text.js';

/** Fence languages whose text is prose: its lines are wrapped, its blank lines part paragraphs. */
const PROSE = new Set(['', 'text']);

/**
 * Plain text by its file's name, else its declared media type: source code, configuration and logs
 * (`app.py`, `config.yaml`, `server.log`, `Dockerfile`; `text/x-python`, `application/yaml`) as one
 * code block in their language, every line and indent as written; other text as prose (paragraphs,
 * headings, lists: {@link parsePlainText}).
 *
 * @example
 * readPlainText('port: 8080\n', 'config.yaml').root.children[0]; // { type: 'code', lang: 'yaml', … }
 */
export function readPlainText(content: string, name: string, mediaType = 'text/plain'): ExtractedDocument {
  const language = codeLanguageOf(name) || (codeLanguageOfMediaType(mediaType) ?? '');
  if (PROSE.has(language)) return parsePlainText(content);
  const value = content.replace(/\r\n?/g, '\n').replace(/\n+$/, '');
  if (value.trim() === '') return { root: { type: 'root', children: [] }, metadata: {} };
  return {
    root: {
      type: 'root',
      children: [
        {
          type: 'code',
          lang: language,
          value,
          data: { provenance: { startOffset: 0, endOffset: content.length } },
        },
      ],
    },
    metadata: { facts: { code_language: language, lines: value.split('\n').length } },
  };
}
