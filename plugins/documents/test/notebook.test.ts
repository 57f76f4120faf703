import { describe, expect, it } from 'vitest';
import { readNotebook } from '../src/notebook/read-notebook.js';
import { markdownOf } from './support/markdown-of.js';
import { readBytes } from './support/read-bytes.js';

const read = (notebook: unknown) =>
  readBytes(readNotebook, JSON.stringify(notebook), 'analysis.ipynb', 'application/x-ipynb+json');

describe('ipynb', () => {
  it('reads markdown cells as markdown, code fenced in the kernel language, and text outputs', async () => {
    const { document } = await read({
      nbformat: 4,
      nbformat_minor: 5,
      metadata: { kernelspec: { name: 'python3', display_name: 'Python 3', language: 'python' } },
      cells: [
        {
          cell_type: 'markdown',
          metadata: {},
          source: [
            '# Sales analysis\n',
            '\n',
            'Some *notes* and a table:\n',
            '\n',
            '| a | b |\n',
            '| - | - |\n',
            '| 1 | 2 |',
          ],
        },
        {
          cell_type: 'code',
          execution_count: 1,
          metadata: {},
          source: 'import pandas as pd\nprint("hi")',
          outputs: [
            { output_type: 'stream', name: 'stdout', text: ['hi\n'] },
            {
              output_type: 'execute_result',
              execution_count: 1,
              data: { 'text/plain': ['42'], 'text/html': ['<b>42</b>'] },
              metadata: {},
            },
            {
              output_type: 'display_data',
              data: { 'image/png': 'iVBORw0KGgo=', 'text/plain': ['<Figure>'] },
              metadata: {},
            },
            {
              output_type: 'error',
              ename: 'ZeroDivisionError',
              evalue: 'division by zero',
              traceback: ['\u001b[31m...'],
            },
          ],
        },
        { cell_type: 'raw', metadata: {}, source: 'raw text' },
        { cell_type: 'code', execution_count: null, metadata: {}, source: '', outputs: [] },
      ],
    });
    expect(markdownOf(document.root)).toBe(
      [
        '# Sales analysis',
        '',
        'Some *notes* and a table:',
        '',
        '| a | b |',
        '| - | - |',
        '| 1 | 2 |',
        '',
        '```python',
        'import pandas as pd',
        'print("hi")',
        '```',
        '',
        '```',
        'hi',
        '```',
        '',
        '```',
        '42',
        '```',
        '',
        '![Output of cell 2 (image/png)](cell-2-output.png)',
        '',
        '```',
        'ZeroDivisionError: division by zero',
        '```',
        '',
        '```',
        'raw text',
        '```',
        '',
      ].join('\n'),
    );
    expect(document.root.children.map((block) => block.data?.provenance?.path)).toEqual([
      'cell 1',
      'cell 1',
      'cell 1',
      'cell 2',
      'cell 2',
      'cell 2',
      'cell 2',
      'cell 2',
      'cell 3',
    ]);
    expect(document.metadata).toEqual({
      title: 'Sales analysis',
      facts: { nbformat: 4, cells: 4, kernel: 'Python 3', kernelLanguage: 'python' },
    });
  });

  it('reads HTML tables (DataFrames) as tables and text/markdown outputs as markdown', async () => {
    const { document } = await read({
      nbformat: 4,
      metadata: { language_info: { name: 'python' } },
      cells: [
        {
          cell_type: 'code',
          source: 'df',
          outputs: [
            {
              output_type: 'execute_result',
              data: {
                'text/plain': ['   a  b\n', '0  1  2'],
                'text/html': [
                  '<div><style scoped>th {}</style><table><thead><tr><th></th><th>a</th><th>b</th></tr></thead>',
                  '<tbody><tr><th>0</th><td>1</td><td>2</td></tr></tbody></table></div>',
                ],
              },
            },
            {
              output_type: 'display_data',
              data: { 'text/markdown': '**Done** in 2 s', 'text/plain': 'Done' },
            },
          ],
        },
      ],
    });
    expect(markdownOf(document.root)).toBe(
      '```python\ndf\n```\n\n|   | a | b |\n| - | - | - |\n| 0 | 1 | 2 |\n\n**Done** in 2 s\n',
    );
  });

  it('reads nbformat 3 worksheets, heading cells and language_info', async () => {
    const { document } = await read({
      nbformat: 3,
      metadata: { language_info: { name: 'julia' } },
      worksheets: [
        {
          cells: [
            { cell_type: 'heading', level: 2, source: 'Setup' },
            {
              cell_type: 'code',
              input: ['x = 1\n', 'x + 1'],
              outputs: [
                { output_type: 'pyout', text: ['2'] },
                { output_type: 'pyerr', ename: 'E', evalue: 'v' },
              ],
            },
          ],
        },
      ],
    });
    expect(markdownOf(document.root)).toBe(
      '## Setup\n\n```julia\nx = 1\nx + 1\n```\n\n```\n2\n```\n\n```\nE: v\n```\n',
    );
  });

  it('fails a notebook that is not JSON as corrupt_file and one without content as empty_content', async () => {
    await expect(
      readBytes(readNotebook, '{"cells": [', 'bad.ipynb', 'application/x-ipynb+json'),
    ).rejects.toMatchObject({ code: 'corrupt_file' });
    await expect(read({ nbformat: 4, metadata: {} })).rejects.toMatchObject({ code: 'corrupt_file' });
    await expect(
      read({ nbformat: 4, metadata: {}, cells: [{ cell_type: 'markdown', source: '  ' }] }),
    ).rejects.toMatchObject({ code: 'empty_content' });
  });
});
