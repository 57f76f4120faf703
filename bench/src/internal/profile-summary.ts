/*
 * Profiling aid for issue 27: where a V8 CPU profile's busy samples went, by place (a package, a
 * source file of ours, a Node module, or a native such as an fs call's submit) and by function,
 * self time only. Reads the `.cpuprofile` that `--cpu-prof` wrote (http-profile.ts, or
 * http-e2e-bounds.ts with BENCH_HTTP_CPU_PROF), over the measured window those tools print (µs on
 * the monotonic clock the profile's timestamps count in), so start-up and teardown stay out.
 *
 *   node --import tsx bench/src/internal/profile-summary.ts <file.cpuprofile> [from µs] [to µs] [top]
 *
 * V8 samples wall time on the thread: under load a share also counts the time the thread waited to
 * be scheduled where it was, so shares are read beside CPU per job and counts, never alone.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The parts of a `.cpuprofile` read here. */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** A place or function and its share of the window's busy samples. */
export interface Share {
  name: string;
  samples: number;
  percent: number;
}

/** What {@link summariseProfile} answers. */
export interface ProfileSummary {
  /** Samples in the window, and those the thread was busy (not idle). */
  samples: number;
  busy: number;
  byPlace: Share[];
  byFunction: Share[];
}

/** A script's address without the file scheme and the pnpm store's prefix. */
function shortUrl(url: string): string {
  const path = url.replace(/^file:\/\//, '');
  const inStore = /node_modules\/\.pnpm\/[^/]+\/node_modules\/((?:@[^/]+\/)?[^/]+\/.*)$/.exec(path);
  if (inStore?.[1] !== undefined) return inStore[1];
  const ours = /\/((?:packages|plugins|bench)\/.*)$/.exec(path);
  return ours?.[1] ?? path;
}

/**
 * Where a frame's self time is charged: a native by its name (an fs call's submit, the socket's
 * write), a Node module by its first two path parts, a package by its name, our code by its file.
 */
export function placeOf(frame: { functionName: string; url: string }): string {
  if (frame.url === '')
    return frame.functionName.startsWith('(') ? frame.functionName : `native ${frame.functionName}`;
  const url = shortUrl(frame.url);
  if (url.startsWith('node:'))
    return url
      .replace(/^node:internal\//, 'node:')
      .split('/')
      .slice(0, 2)
      .join('/');
  if (frame.url.includes('node_modules')) return /^((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ?? url;
  return url;
}

function ranked(counts: Map<string, number>, busy: number, top: number): Share[] {
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, samples]) => ({ name, samples, percent: busy === 0 ? 0 : (100 * samples) / busy }));
}

/**
 * Self time of a profile's busy samples between `from` and `to` (µs on the profile's clock; the
 * whole profile when absent), by place ({@link placeOf}) and by function, the `top` largest each.
 */
export function summariseProfile(
  profile: CpuProfile,
  window: { from?: number; to?: number } = {},
  top = 40,
): ProfileSummary {
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const from = window.from ?? profile.startTime;
  const to = window.to ?? profile.endTime;
  const byPlace = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let at = profile.startTime;
  let samples = 0;
  let busy = 0;
  profile.samples.forEach((id, index) => {
    at += profile.timeDeltas[index] ?? 0;
    const frame = frames.get(id);
    if (at < from || at > to || frame === undefined) return;
    samples += 1;
    if (frame.functionName === '(idle)') return;
    busy += 1;
    const place = placeOf(frame);
    byPlace.set(place, (byPlace.get(place) ?? 0) + 1);
    const name = `${frame.functionName || '(anonymous)'} ${frame.url === '' ? '' : `${shortUrl(frame.url)}:${String(frame.lineNumber + 1)}`}`;
    byFunction.set(name.trim(), (byFunction.get(name.trim()) ?? 0) + 1);
  });
  return { samples, busy, byPlace: ranked(byPlace, busy, top), byFunction: ranked(byFunction, busy, top) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [file, from, to, top] = process.argv.slice(2);
  if (file === undefined)
    throw new Error('usage: profile-summary.ts <file.cpuprofile> [from µs] [to µs] [top]');
  const summary = summariseProfile(
    JSON.parse(readFileSync(file, 'utf8')) as CpuProfile,
    {
      ...(from === undefined ? {} : { from: Number(from) }),
      ...(to === undefined ? {} : { to: Number(to) }),
    },
    top === undefined ? 40 : Number(top),
  );
  const print = (title: string, shares: Share[]): void => {
    console.log(`--- ${title}`);
    for (const share of shares) console.log(`${share.percent.toFixed(1).padStart(5)} %  ${share.name}`);
  };
  console.log(`${String(summary.samples)} samples in the window, ${String(summary.busy)} busy`);
  print('self time by place', summary.byPlace);
  print('self time by function', summary.byFunction);
}
