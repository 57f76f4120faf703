import type { TransmuteClient } from '@transmute/client/browser';
import { JOB_STATUSES, type JobStatus } from '@transmute/contract';
import { useState } from 'preact/hooks';
import { Pager, useCursorPages } from '../pager.js';
import { ProblemView } from '../problem-view.js';
import { hrefOf } from '../route.js';
import { useAction, useLoad } from '../use-async.js';
import { isTerminal } from './job-view.js';

const PAGE_SIZE = 20;

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
        <table>
          <thead>
            <tr>
              <th scope="col">Job</th>
              <th scope="col">Status</th>
              <th scope="col">Source</th>
              <th scope="col">Created</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {page?.data.map((job) => (
              <tr key={job.id}>
                <td>
                  <a href={hrefOf({ view: 'job', jobId: job.id })}>
                    <code>{job.id}</code>
                  </a>
                </td>
                <td>{job.status}</td>
                <td>{job.source_type}</td>
                <td>{new Date(job.created_at).toLocaleString()}</td>
                <td>
                  {isTerminal(job.status) && (
                    <button
                      type="button"
                      class="danger"
                      disabled={remove.busy}
                      aria-label={`Delete job ${job.id}`}
                      onClick={() =>
                        remove.run(async () => {
                          await client.deleteJob(job.id);
                          jobs.reload();
                        })
                      }
                    >
                      Delete
                    </button>
                  )}
                </td>
              </tr>
            ))}
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
