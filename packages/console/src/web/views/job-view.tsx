import { jobFailure, type TransmuteClient } from '@transmute/client/browser';
import { JOB_STAGES, isTerminalJobStatus, type Job, type JobStatus } from '@transmute/contract';
import { useEffect, useState } from 'preact/hooks';
import { ProblemView } from '../problem-view.js';
import { useAction, useLoad } from '../use-async.js';
import { OutputsPanel } from './outputs-panel.js';
import { recordOf } from '../job-records.js';
import { apiBaseUrl } from '../session.js';
import { RequestCode } from './request-code.js';
import { CopyButton } from '../copy-button.js';

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

/** Why a failed or canceled job stopped, once, with the failure-code page that names the fix. */
function FailureReason({ job }: { job: Job }) {
  const failure = jobFailure(job);
  if (failure === undefined) return null;
  return (
    <div class="problem" role="alert">
      <strong class="problem-title">{failure.code}</strong>
      <p class="problem-detail">{failure.detail}</p>
      <p>
        <a href={`${apiBaseUrl()}/docs/failures/${failure.code}.html`} target="_blank" rel="noopener">
          What {failure.code} means and how to fix it
        </a>
      </p>
    </div>
  );
}

/** The job's warnings, without the line that already is its failure reason. */
function otherWarnings(job: Job): string[] {
  const failure = jobFailure(job);
  if (failure === undefined) return job.warnings;
  return job.warnings.filter((warning) => !warning.includes(failure.detail));
}

/** One job: status and stages, polled live until it is terminal; cancel; its outputs. */
export function JobView({ client, jobId }: { client: TransmuteClient; jobId: string }) {
  const [job, setJob] = useState<Job | null>(null);
  const [error, setError] = useState<unknown>(null);
  const cancel = useAction();
  const record = recordOf(jobId);
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
  const warnings = otherWarnings(job);
  return (
    <section aria-labelledby="job-heading">
      <h1 id="job-heading">
        Job <code class="id">{job.id}</code>
        <CopyButton text={job.id} label="Copy id" />
      </h1>
      {record !== undefined && (
        <p class="meta">
          <span data-testid="job-source">{record.source}</span> · {record.profile}
        </p>
      )}
      <p>
        Status:{' '}
        <strong class={`status status-${job.status}`} data-testid="job-status">
          {job.status}
        </strong>{' '}
        · source {job.source_type} · created {new Date(job.created_at).toLocaleString()}
      </p>
      {!isTerminal(job.status) && (
        <label>
          Progress {String(job.progress.percent)}%
          {job.progress.detail === null ? '' : ` — ${job.progress.detail}`}
          <progress max={100} value={job.progress.percent} aria-label="Job progress" />
        </label>
      )}
      <Stages job={job} />
      <FailureReason job={job} />
      {warnings.length > 0 && (
        <ul class="warnings">
          {warnings.map((warning) => (
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
      {record?.request !== undefined && <RequestCode request={record.request} files={record.files} />}
    </section>
  );
}
