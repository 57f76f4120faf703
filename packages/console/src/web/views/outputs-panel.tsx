import type { TransmuteClient } from '@transmute/client/browser';
import { isSettledOutputStatus, type Job, type Output } from '@transmute/contract';
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
  const [choice, setChoice] = useState<OutputChoice>({ ...DEFAULT_OUTPUT_CHOICE, profile: 'agent_context' });
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
            <code>{output.id}</code> · language {output.language}
          </p>
          {output.status === 'succeeded' && <OutputContent client={client} output={output} />}
        </article>
      ))}
      <AnotherOutput client={client} job={job} onCreated={outputs.reload} />
    </div>
  );
}
