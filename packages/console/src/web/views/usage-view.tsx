import type { TransmuteClient } from '@transmute/client/browser';
import type { Usage } from '@transmute/contract';
import { ProblemView } from '../problem-view.js';
import { useLoad } from '../use-async.js';

const CHART_WIDTH = 320;
const BAR_HEIGHT = 22;

interface Bar {
  label: string;
  used: number;
  /** The limit a full bar stands for; null: no limit, so no bar (the figure alone). */
  limit: number | null;
  text: string;
}

function bytes(value: number): string {
  if (value < 1024) return `${String(value)} B`;
  if (value < 1024 ** 2) return `${(value / 1024).toFixed(1)} KiB`;
  if (value < 1024 ** 3) return `${(value / 1024 ** 2).toFixed(1)} MiB`;
  return `${(value / 1024 ** 3).toFixed(2)} GiB`;
}

/** One bar: the track is the limit, the fill what is used (a sliver when anything is). */
function BarShape({ y, used, limit, label }: { y: number; used: number; limit: number; label: string }) {
  const fraction = limit === 0 ? (used > 0 ? 1 : 0) : Math.min(1, used / limit);
  const width = Math.max(used > 0 ? 2 : 0, fraction * CHART_WIDTH);
  return (
    <>
      <rect x={0} y={y} width={CHART_WIDTH} height={BAR_HEIGHT - 6} class="chart-track" />
      <rect
        x={0}
        y={y}
        width={width}
        height={BAR_HEIGHT - 6}
        class="chart-bar"
        data-bar={label}
        data-fraction={fraction.toFixed(6)}
      />
    </>
  );
}

/** An SVG bar chart of jobs and bytes used against the period's limits (no chart library). */
function UsageChart({ usage }: { usage: Usage }) {
  // Each bar against its own limit: jobs against the plan's jobs, input bytes against its input bytes.
  const bars: Bar[] = [
    {
      label: 'Jobs',
      used: usage.jobs_created,
      limit: usage.limits.jobs,
      text: `${String(usage.jobs_created)} of ${String(usage.limits.jobs)}`,
    },
    {
      label: 'Input bytes',
      used: usage.input_bytes,
      limit: usage.limits.input_bytes,
      text: `${bytes(usage.input_bytes)} of ${bytes(usage.limits.input_bytes)}`,
    },
    {
      label: 'Output bytes',
      used: usage.output_bytes,
      limit: null,
      text: `${bytes(usage.output_bytes)} (no limit)`,
    },
  ];
  const height = bars.length * (BAR_HEIGHT * 2 + 8);
  return (
    <svg
      class="chart"
      role="img"
      aria-label="Jobs and bytes used this period"
      viewBox={`0 0 ${String(CHART_WIDTH)} ${String(height)}`}
      width={CHART_WIDTH}
      height={height}
    >
      {bars.map((bar, index) => {
        const y = index * (BAR_HEIGHT * 2 + 8);
        return (
          <g key={bar.label}>
            <text x={0} y={y + 15} class="chart-label">
              {bar.label}: {bar.text}
            </text>
            {bar.limit !== null && (
              <BarShape y={y + BAR_HEIGHT} used={bar.used} limit={bar.limit} label={bar.label} />
            )}
          </g>
        );
      })}
    </svg>
  );
}

/** Usage of the current period: every unit's estimated/pending/finalized/billable, limits, chart. */
export function UsageView({ client }: { client: TransmuteClient }) {
  const usage = useLoad(() => client.getUsage(), [client]);
  const data = usage.data;
  return (
    <section aria-labelledby="usage-heading">
      <h1 id="usage-heading">Usage</h1>
      <ProblemView error={usage.error} />
      {data !== undefined && (
        <>
          <p>
            Period {new Date(data.period_start).toLocaleDateString()} –{' '}
            {new Date(data.period_end).toLocaleDateString()} · plan <strong>{data.plan}</strong> · account{' '}
            {data.account_status}
          </p>
          <UsageChart usage={data} />
          <div class="table-scroll">
            <table>
              <caption>Units</caption>
              <thead>
                <tr>
                  <th scope="col">Unit</th>
                  <th scope="col">Estimated</th>
                  <th scope="col">Pending</th>
                  <th scope="col">Finalized</th>
                  <th scope="col">Credited</th>
                  <th scope="col">Billable</th>
                </tr>
              </thead>
              <tbody>
                {data.units.map((line) => (
                  <tr key={line.unit}>
                    <th scope="row">{line.unit}</th>
                    <td>{String(line.estimated)}</td>
                    <td>{String(line.pending)}</td>
                    <td>{String(line.finalized)}</td>
                    <td>{String(line.credited)}</td>
                    <td>{String(line.billable)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <h2>Limits</h2>
          <dl class="limits">
            <dt>Jobs</dt>
            <dd>{String(data.limits.jobs)}</dd>
            <dt>Input bytes</dt>
            <dd>{bytes(data.limits.input_bytes)}</dd>
            <dt>Concurrency</dt>
            <dd>{String(data.limits.concurrency)}</dd>
            <dt>Spend cap</dt>
            <dd>
              {data.limits.spend_cap_microusd === null
                ? 'none'
                : `$${(data.limits.spend_cap_microusd / 1e6).toFixed(2)}`}
            </dd>
          </dl>
          {data.warnings.length > 0 && (
            <ul class="warnings">
              {data.warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
