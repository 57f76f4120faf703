import type { TransmuteClient } from '@transmute/client/browser';
import { JOB_STATUSES, type Job, type JobStatus } from '@transmute/contract';
import { useState } from 'preact/hooks';
import { Pager, useCursorPages } from '../pager.js';
import { ProblemView } from '../problem-view.js';
import { hrefOf } from '../route.js';
import { useAction, useLoad } from '../use-async.js';
import { isTerminal } from './job-view.js';
import { forgetJob, recordOf } from '../job-records.js';

const PAGE_SIZE = 20;

/** The profile of a job this browser did not create: its first output's. */
function FirstOutputProfile({ client, job }: { client: TransmuteClient; job: Job }) {
  const [first] = job.output_ids;
  const output = useLoad(
    () => (first === undefined ? Promise.resolve(undefined) : client.getOutput(first)),
    [client, first],
  );
  return <>{output.data?.profile ?? '—'}</>;
}

/** Delete, then a confirmation naming the job, before anything is deleted. */
function DeleteJob({ job, busy, onDelete }: { job: Job; busy: boolean; onDelete: () => void }) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button
        type="button"
        class="danger"
        disabled={busy}
        aria-label={`Delete job ${job.id}`}
        onClick={() => setAsking(true)}
      >
        Delete
      </button>
    );
  }
  return (
    <span class="confirm" role="group" aria-label={`Confirm deleting job ${job.id}`}>
      <span>Delete this job and its outputs?</span>
      <button type="button" class="danger" disabled={busy} onClick={onDelete}>
        Yes, delete
      </button>
      <button type="button" class="secondary" onClick={() => setAsking(false)}>
        Keep
      </button>
    </span>
  );
}

/** Jobs, newest first, filtered by status, a page at a time (cursor paging); delete terminal ones. */
export function JobsList({ client }: { client: TransmuteClient }) {
  const [status, setStatus] = useState<JobStatus | ''>('');
  const pages = useCursorPages();
  const { cursor } = pages;
  const jobs = useLoad(
    () =>
      client.listJobs({
        limit: PAGE_SIZE,
        ...(status === '' ? {} : { status }),
        ...(cursor === undefined ? {} : { cursor }),
      }),
    [client, status, cursor],
  );
  const remove = useAction();
  const page = jobs.data;
  return (
    <section aria-labelledby="jobs-heading">
      <h1 id="jobs-heading">Jobs</h1>
      <div class="field">
        <label for="jobs-status">Status</label>
        <select
          id="jobs-status"
          value={status}
          onChange={(event) => {
            setStatus(event.currentTarget.value as JobStatus | '');
            pages.restart();
          }}
        >
          <option value="">All</option>
          {JOB_STATUSES.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </div>
      <ProblemView error={jobs.error ?? remove.error} />
      <div class="table-scroll">
        <table class="jobs-table">
          <thead>
            <tr>
              <th scope="col">Job</th>
              <th scope="col">Source</th>
              <th scope="col">Profile</th>
              <th scope="col">Status</th>
              <th scope="col">Created</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {page?.data.map((job) => {
              const record = recordOf(job.id);
              return (
                <tr key={job.id}>
                  <td class="id-cell" data-label="Job">
                    <a href={hrefOf({ view: 'job', jobId: job.id })} title={job.id}>
                      <code class="id">{job.id}</code>
                    </a>
                  </td>
                  <td class="source-cell" data-label="Source" title={record?.source}>
                    {record?.source ?? job.source_type}
                  </td>
                  <td data-label="Profile">
                    {record?.profile ?? <FirstOutputProfile client={client} job={job} />}
                  </td>
                  <td data-label="Status">{job.status}</td>
                  <td data-label="Created">
                    <time dateTime={job.created_at}>{new Date(job.created_at).toLocaleString()}</time>
                  </td>
                  <td data-label="Actions">
                    {isTerminal(job.status) && (
                      <DeleteJob
                        job={job}
                        busy={remove.busy}
                        onDelete={() =>
                          remove.run(async () => {
                            await client.deleteJob(job.id);
                            forgetJob(job.id);
                            jobs.reload();
                          })
                        }
                      />
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {page?.data.length === 0 && <p>No jobs.</p>}
      <Pager
        pages={pages}
        nextCursor={page?.page.next_cursor}
        previousLabel="Previous page"
        nextLabel="Next page"
      />
    </section>
  );
}
