import { jobFailure, type TransmuteClient } from '@transmute/client/browser';
import { JOB_STAGES, isTerminalJobStatus, type Job, type JobStatus } from '@transmute/contract';
import { useEffect, useState } from 'preact/hooks';
import { ProblemView } from '../problem-view.js';
import { useAction, useLoad } from '../use-async.js';
import { OutputsPanel } from './outputs-panel.js';

const POLL_MS = 1000;

export function isTerminal(status: JobStatus): boolean {
  return isTerminalJobStatus(status);
}

function Stages({ job }: { job: Job }) {
  const current = job.progress.stage === null ? -1 : JOB_STAGES.indexOf(job.progress.stage);
  const done = job.status === 'succeeded';
  return (
    <ol class="stages" aria-label="Stages">
      {JOB_STAGES.map((stage, index) => {
        const state = done || index < current ? 'done' : index === current ? 'current' : 'todo';
        return (
          <li key={stage} class={`stage ${state}`} aria-current={state === 'current' ? 'step' : undefined}>
            {stage.replaceAll('_', ' ')}
          </li>
        );
      })}
    </ol>
  );
}

function FailureReason({ job }: { job: Job }) {
  const failure = jobFailure(job);
  if (failure === undefined) return null;
  return (
    <p class="problem" role="alert">
      <strong class="problem-title">{failure.code}</strong>: {failure.detail}
    </p>
  );
}

/** One job: status and stages, polled live until it is terminal; cancel; its outputs. */
export function JobView({ client, jobId }: { client: TransmuteClient; jobId: string }) {
  const [job, setJob] = useState<Job | null>(null);
  const [error, setError] = useState<unknown>(null);
  const cancel = useAction();
  const loaded = useLoad(() => client.getJob(jobId), [client, jobId]);
  useEffect(() => {
    if (loaded.data !== undefined) setJob(loaded.data);
  }, [loaded.data]);
  useEffect(() => {
    if (job === null || isTerminal(job.status)) return;
    const timer = setTimeout(() => {
      client.getJob(jobId).then(setJob, setError);
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [client, jobId, job]);

  if (job === null) return <ProblemView error={loaded.error} />;
  return (
    <section aria-labelledby="job-heading">
      <h1 id="job-heading">
        Job <code>{job.id}</code>
      </h1>
      <p>
        Status:{' '}
        <strong class={`status status-${job.status}`} data-testid="job-status">
          {job.status}
        </strong>{' '}
        · source {job.source_type} · created {new Date(job.created_at).toLocaleString()}
      </p>
      <label>
        Progress {String(job.progress.percent)}%
        {job.progress.detail === null ? '' : ` — ${job.progress.detail}`}
        <progress max={100} value={job.progress.percent} aria-label="Job progress" />
      </label>
      <Stages job={job} />
      <FailureReason job={job} />
      {job.warnings.length > 0 && (
        <ul class="warnings">
          {job.warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      )}
      {!isTerminal(job.status) && job.status !== 'canceling' && (
        <button
          type="button"
          class="danger"
          disabled={cancel.busy}
          onClick={() => cancel.run(async () => setJob(await client.cancelJob(job.id)))}
        >
          Cancel job
        </button>
      )}
      <ProblemView error={cancel.error ?? error} />
      {job.status === 'succeeded' && <OutputsPanel client={client} job={job} />}
    </section>
  );
}
