import type { TransmuteClient } from '@transmute/client/browser';
import { OUTPUT_FORMATS, isSettledOutputStatus, type Job, type Output } from '@transmute/contract';
import { useEffect, useState } from 'preact/hooks';
import { ProblemView } from '../problem-view.js';
import { useAction, useLoad } from '../use-async.js';
import {
  DEFAULT_OUTPUT_CHOICE,
  OutputOptionsFields,
  toOutputOptions,
  type OutputChoice,
} from './output-options.js';
import { OutputContent } from './output-content.js';

const POLL_MS = 1000;

function AnotherOutput({
  client,
  job,
  onCreated,
}: {
  client: TransmuteClient;
  job: Job;
  onCreated: () => void;
}) {
  const capabilities = useLoad(() => client.getCapabilities(), [client]);
  const [choice, setChoice] = useState<OutputChoice>(DEFAULT_OUTPUT_CHOICE);
  const action = useAction();
  if (capabilities.data === undefined) return <ProblemView error={capabilities.error} />;
  const submit = (event: Event): void => {
    event.preventDefault();
    action.run(async () => {
      await client.createJobOutput(job.id, { output: toOutputOptions(choice) });
      onCreated();
    });
  };
  return (
    <form class="card" onSubmit={submit} aria-labelledby="another-heading">
      <h2 id="another-heading">Another output from this job</h2>
      <OutputOptionsFields
        capabilities={capabilities.data}
        value={choice}
        onChange={setChoice}
        idPrefix="another"
      />
      <button type="submit" disabled={action.busy}>
        Create output
      </button>
      <ProblemView error={action.error} />
    </form>
  );
}

/** Buttons making the same profile in the formats this job has no output of yet. */
function OtherFormats({
  client,
  job,
  output,
  outputs,
  onCreated,
}: {
  client: TransmuteClient;
  job: Job;
  output: Output;
  outputs: Output[];
  onCreated: () => void;
}) {
  const action = useAction();
  const missing = OUTPUT_FORMATS.filter(
    (format) =>
      !outputs.some(
        (other) =>
          other.profile === output.profile && other.language === output.language && other.format === format,
      ),
  );
  if (missing.length === 0) return null;
  return (
    <div class="actions">
      {missing.map((format) => (
        <button
          key={format}
          type="button"
          class="secondary"
          disabled={action.busy}
          onClick={() =>
            action.run(async () => {
              await client.createJobOutput(job.id, {
                output: { profile: output.profile, format, language: output.language },
              });
              onCreated();
            })
          }
        >
          Also as {format}
        </button>
      ))}
      <ProblemView error={action.error} />
    </div>
  );
}

/** The outputs of a succeeded job (polled until each settles), and a form for another one. */
export function OutputsPanel({ client, job }: { client: TransmuteClient; job: Job }) {
  const outputs = useLoad(() => client.listJobOutputs(job.id, { limit: 100 }), [client, job.id]);
  const list: Output[] = outputs.data?.data ?? [];
  const pending = list.some((output) => !isSettledOutputStatus(output.status));
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(outputs.reload, POLL_MS);
    return () => clearTimeout(timer);
  }, [pending, outputs.data]);
  return (
    <div class="outputs">
      <h2>Outputs</h2>
      <ProblemView error={outputs.error} />
      {list.map((output) => (
        <article
          key={output.id}
          class="card output"
          data-output-id={output.id}
          aria-label={`Output ${output.profile}`}
        >
          <h3>
            {output.profile} · {output.format} · <span class="status">{output.status}</span>
          </h3>
          <p class="meta">
            <code class="id">{output.id}</code> · language {output.language}
          </p>
          {output.warnings.length > 0 && (
            <ul class="warnings">
              {output.warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
          )}
          {output.status === 'succeeded' && (
            <>
              <OutputContent client={client} output={output} />
              <OtherFormats
                client={client}
                job={job}
                output={output}
                outputs={list}
                onCreated={outputs.reload}
              />
            </>
          )}
        </article>
      ))}
      <AnotherOutput client={client} job={job} onCreated={outputs.reload} />
    </div>
  );
}
