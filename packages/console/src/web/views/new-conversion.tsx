import type { TransmuteClient } from '@transmute/client/browser';
import {
  RETENTION_CLASSES,
  type CreateJobRequest,
  type RetentionClass,
  type Source,
} from '@transmute/contract';
import { useState } from 'preact/hooks';
import { ProblemView } from '../problem-view.js';
import { navigate } from '../route.js';
import { uploadFile, type UploadPhase } from '../upload.js';
import { useAction, useLoad } from '../use-async.js';
import { rememberJob } from '../job-records.js';
import type { UploadedFileName } from '../request-snippets.js';
import { RequestCode } from './request-code.js';
import { DEFAULT_OUTPUT_CHOICE, OutputOptionsFields, toOutputOptions } from './output-options.js';

type SourceKind = 'files' | 'url' | 'text';

const SOURCE_LABELS: Record<SourceKind, string> = {
  files: 'Upload files',
  url: 'Paste a URL',
  text: 'Paste text',
};

const PHASE_LABELS = { hashing: 'computing sha256', completing: 'completing', validating: 'validating' };

function UploadProgress({ name, phase }: { name: string; phase: UploadPhase }) {
  const label =
    phase.phase === 'sending'
      ? `${String(phase.sentBytes)} of ${String(phase.totalBytes)} bytes`
      : PHASE_LABELS[phase.phase];
  return (
    <div class="upload-progress">
      <label>
        {name}: {label}
        <progress
          aria-label={`Upload of ${name}`}
          max={phase.phase === 'sending' ? Math.max(phase.totalBytes, 1) : 1}
          value={phase.phase === 'sending' ? phase.sentBytes : phase.phase === 'hashing' ? 0 : 1}
        />
      </label>
    </div>
  );
}

/** New conversion: files (direct upload), a URL or text; output options; then the job page. */
export function NewConversion({ client }: { client: TransmuteClient }) {
  const capabilities = useLoad(() => client.getCapabilities(), [client]);
  const [kind, setKind] = useState<SourceKind>('files');
  const [files, setFiles] = useState<File[]>([]);
  const [url, setUrl] = useState('');
  const [text, setText] = useState('');
  const [output, setOutput] = useState(DEFAULT_OUTPUT_CHOICE);
  const [retention, setRetention] = useState<RetentionClass>('temporary');
  const [uploads, setUploads] = useState<Record<string, UploadPhase>>({});
  const [dragging, setDragging] = useState(false);
  const action = useAction();

  const uploadFiles = async (uploaded: Record<string, UploadedFileName>): Promise<Source> => {
    const fileIds: string[] = [];
    for (const file of files) {
      const resource = await uploadFile(client, file, (phase) =>
        setUploads((current) => ({ ...current, [file.name]: phase })),
      );
      fileIds.push(resource.id);
      uploaded[resource.id] = { name: file.name, mediaType: resource.media_type };
    }
    return { type: 'files', file_ids: fileIds };
  };
  const typedSource = (): Source =>
    kind === 'url' ? { type: 'url', url: url.trim() } : { type: 'text', content: text };
  const requestOf = (source: Source): CreateJobRequest => ({
    source,
    output: toOutputOptions(output),
    retention: { class: retention },
  });
  const submit = (event: Event): void => {
    event.preventDefault();
    setUploads({});
    action.run(async () => {
      if (kind === 'files' && files.length === 0) throw new Error('Choose or drop at least one file.');
      const uploaded: Record<string, UploadedFileName> = {};
      try {
        const request = requestOf(kind === 'files' ? await uploadFiles(uploaded) : typedSource());
        const job = await client.createJob(request);
        rememberJob(job.id, request, uploaded);
        navigate({ view: 'job', jobId: job.id });
      } catch (error) {
        // No stale "computing sha256" bar under the error that stopped it.
        setUploads({});
        throw error;
      }
    });
  };
  const onDrop = (event: DragEvent): void => {
    event.preventDefault();
    setDragging(false);
    setFiles([...(event.dataTransfer?.files ?? [])]);
  };

  return (
    <section aria-labelledby="new-heading">
      <h1 id="new-heading">New conversion</h1>
      <ProblemView error={capabilities.error} />
      <form onSubmit={submit}>
        <fieldset>
          <legend>Source</legend>
          {(Object.keys(SOURCE_LABELS) as SourceKind[]).map((value) => (
            <label key={value} class="inline">
              <input
                type="radio"
                name="source-kind"
                value={value}
                checked={kind === value}
                onChange={() => setKind(value)}
              />
              {SOURCE_LABELS[value]}
            </label>
          ))}
        </fieldset>
        {kind === 'files' && (
          <div
            class={dragging ? 'drop-zone dragging' : 'drop-zone'}
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
          >
            <label for="source-files">Drop files here or choose them</label>
            <input
              id="source-files"
              type="file"
              multiple
              onChange={(event) => setFiles([...(event.currentTarget.files ?? [])])}
            />
            {files.length > 0 && (
              <ul class="file-list">
                {files.map((file) => (
                  <li key={file.name}>
                    {file.name} ({String(file.size)} bytes)
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        {kind === 'url' && (
          <div class="field">
            <label for="source-url">URL</label>
            <input
              id="source-url"
              type="url"
              required
              placeholder="https://…"
              value={url}
              onInput={(event) => setUrl(event.currentTarget.value)}
            />
          </div>
        )}
        {kind === 'text' && (
          <div class="field">
            <label for="source-text">Text</label>
            <textarea
              id="source-text"
              rows={8}
              required
              value={text}
              onInput={(event) => setText(event.currentTarget.value)}
            />
          </div>
        )}
        {capabilities.data !== undefined && (
          <OutputOptionsFields
            capabilities={capabilities.data}
            value={output}
            onChange={setOutput}
            idPrefix="new"
          />
        )}
        <div class="field">
          <label for="new-retention">Retention</label>
          <select
            id="new-retention"
            value={retention}
            onChange={(event) => setRetention(event.currentTarget.value as RetentionClass)}
          >
            {RETENTION_CLASSES.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </div>
        {Object.entries(uploads).map(([name, phase]) => (
          <UploadProgress key={name} name={name} phase={phase} />
        ))}
        <button type="submit" disabled={action.busy}>
          Convert
        </button>
      </form>
      <ProblemView error={action.error} />
      {kind !== 'files' && <RequestCode request={requestOf(typedSource())} />}
    </section>
  );
}
