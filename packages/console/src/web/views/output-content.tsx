import type { TransmuteClient } from '@transmute/client/browser';
import type { Output } from '@transmute/contract';
import { useState } from 'preact/hooks';
import { CopyButton } from '../copy-button.js';
import { renderMarkdown } from '../markdown.js';
import { ProblemView } from '../problem-view.js';
import { useLoad } from '../use-async.js';

const ROWS_PER_PAGE = 20;

function MarkdownContent({ text }: { text: string }) {
  // markdown-it with `html: false` escapes every tag of the source (see markdown.ts).
  return <div class="markdown" dangerouslySetInnerHTML={{ __html: renderMarkdown(text) }} />;
}

function cell(value: unknown): string {
  if (typeof value === 'string') return value.length > 200 ? `${value.slice(0, 200)}…` : value;
  return JSON.stringify(value) ?? '';
}

/** JSONL as a table of its records, ROWS_PER_PAGE at a time; columns are the keys seen. */
function JsonlTable({ text }: { text: string }) {
  const [page, setPage] = useState(0);
  const records = text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  const columns = [...new Set(records.flatMap((record) => Object.keys(record)))];
  const pages = Math.max(1, Math.ceil(records.length / ROWS_PER_PAGE));
  const rows = records.slice(page * ROWS_PER_PAGE, (page + 1) * ROWS_PER_PAGE);
  return (
    <div>
      <div class="table-scroll">
        <table class="jsonl">
          <thead>
            <tr>
              <th scope="col">#</th>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((record, index) => (
              <tr key={page * ROWS_PER_PAGE + index}>
                <td>{String(page * ROWS_PER_PAGE + index + 1)}</td>
                {columns.map((column) => (
                  <td key={column}>{cell(record[column])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div class="pager">
        <button type="button" class="secondary" disabled={page === 0} onClick={() => setPage(page - 1)}>
          Previous records
        </button>
        <span>
          Page {String(page + 1)} of {String(pages)} ({String(records.length)} records)
        </span>
        <button
          type="button"
          class="secondary"
          disabled={page + 1 >= pages}
          onClick={() => setPage(page + 1)}
        >
          Next records
        </button>
      </div>
    </div>
  );
}

/** An output's files (its manifest), each with its signed download link: every format downloads. */
function OutputFiles({ output }: { output: Output }) {
  const files = output.manifest?.files ?? [];
  if (files.length === 0) return null;
  return (
    <div class="table-scroll">
      <table class="manifest">
        <thead>
          <tr>
            <th scope="col">File</th>
            <th scope="col">Size</th>
            <th scope="col">sha256</th>
            <th scope="col">Download</th>
          </tr>
        </thead>
        <tbody>
          {files.map((file) => (
            <tr key={file.file_id}>
              <td>{file.name}</td>
              <td>{String(file.size_bytes)} bytes</td>
              <td>
                <code class="digest" title={file.sha256}>
                  {file.sha256}
                </code>
              </td>
              <td>
                <a href={file.download_url} download={file.name} rel="noopener">
                  Download {file.name}
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type View = 'rendered' | 'raw' | 'both';

const VIEW_LABELS: Record<View, string> = { rendered: 'Rendered', raw: 'Raw', both: 'Side by side' };

/** Rendered (markdown or a JSONL table), raw, or both side by side; each in a scroll box. */
function TextContent({ client, output }: { client: TransmuteClient; output: Output }) {
  const content = useLoad(() => client.readOutputContent(output.id), [client, output.id]);
  const [view, setView] = useState<View>('rendered');
  if (content.data === undefined) return <ProblemView error={content.error} />;
  const rendered =
    output.format === 'jsonl' ? <JsonlTable text={content.data} /> : <MarkdownContent text={content.data} />;
  return (
    <div>
      <div class="actions">
        <div class="tabs" role="group" aria-label="View">
          {(Object.keys(VIEW_LABELS) as View[]).map((value) => (
            <button
              key={value}
              type="button"
              class={view === value ? '' : 'secondary'}
              aria-pressed={view === value}
              onClick={() => setView(value)}
            >
              {VIEW_LABELS[value]}
            </button>
          ))}
        </div>
        <CopyButton text={content.data} label="Copy to clipboard" />
      </div>
      <div class={view === 'both' ? 'output-views both' : 'output-views'}>
        {view !== 'raw' && (
          <div class="output-view" data-testid="output-rendered">
            {rendered}
          </div>
        )}
        {view !== 'rendered' && (
          <pre class="output-view raw" data-testid="output-raw">
            {content.data}
          </pre>
        )}
      </div>
    </div>
  );
}

/** The content of a succeeded output, by format, and its files to download. */
export function OutputContent({ client, output }: { client: TransmuteClient; output: Output }) {
  return (
    <>
      {output.format !== 'zip' && <TextContent client={client} output={output} />}
      <OutputFiles output={output} />
    </>
  );
}
