import type { CreateJobRequest } from '@transmute/contract';
import { useState } from 'preact/hooks';
import { CopyButton } from '../copy-button.js';
import { requestSnippets, type RequestSnippets, type UploadedFileName } from '../request-snippets.js';
import { apiBaseUrl } from '../session.js';

type Language = keyof RequestSnippets;

const LANGUAGES: { key: Language; label: string }[] = [
  { key: 'curl', label: 'curl' },
  { key: 'typescript', label: 'TypeScript' },
  { key: 'python', label: 'Python' },
];

/** The snippet of the chosen language, to copy (made only while the box is open: long text stays cheap). */
function Snippets({
  request,
  files,
  shown,
  onShow,
}: {
  request: CreateJobRequest;
  files: Record<string, UploadedFileName>;
  shown: Language;
  onShow: (language: Language) => void;
}) {
  const snippet = requestSnippets(apiBaseUrl(), request, files)[shown];
  const label = LANGUAGES.find((language) => language.key === shown)?.label ?? '';
  return (
    <>
      <div class="tabs" role="group" aria-label="Language">
        {LANGUAGES.map(({ key, label: name }) => (
          <button
            key={key}
            type="button"
            class={shown === key ? '' : 'secondary'}
            aria-pressed={shown === key}
            onClick={() => onShow(key)}
          >
            {name}
          </button>
        ))}
      </div>
      <pre class="snippet" data-testid={`snippet-${shown}`}>
        <code>{snippet}</code>
      </pre>
      <CopyButton key={shown} text={snippet} label={`Copy ${label}`} />
      <p class="hint">The key is read from the TRANSMUTE_API_KEY environment variable, never written here.</p>
    </>
  );
}

/** "The same request as code": the createJob request as curl, TypeScript and Python, to copy. */
export function RequestCode({
  request,
  files = {},
}: {
  request: CreateJobRequest;
  files?: Record<string, UploadedFileName> | undefined;
}) {
  const [shown, setShown] = useState<Language>('curl');
  const [open, setOpen] = useState(false);
  return (
    <details class="card request-code" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>The same request as curl, TypeScript or Python</summary>
      {open && <Snippets request={request} files={files} shown={shown} onShow={setShown} />}
    </details>
  );
}
