/**
 * CPU time of `transmute serve` until it prints "listening on" (built CLI: run `pnpm build` first),
 * on the embedded default (a fresh data directory, port 0). Per start: user + system time of every
 * thread still alive at that moment (`/proc/<pid>/task/<tid>/stat`), and of the children it has
 * waited for (the same file's `cutime` + `cstime`: a `spawnSync` probe). Prints one line a start.
 * Usage: `node --import tsx bench/src/serve-start-cpu.ts [starts]` (default 3); for an A/B, swap
 * the builds between runs of this script so that both see the same load.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../packages/cli/dist/bin.js', import.meta.url));
/** Linux's clock ticks a second (`getconf CLK_TCK`), in which `stat` counts CPU time. */
const TICKS_PER_SECOND = 100;

/** Fields after the command name (which may hold spaces and parentheses) of a `stat` file. */
function statFields(path: string): string[] {
  const text = readFileSync(path, 'latin1');
  return text.slice(text.lastIndexOf(')') + 2).split(' ');
}

/** CPU seconds of a process's live threads, and of the children it has waited for. */
function processCpu(pid: number): { threads: number; children: number } {
  let ticks = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    // utime and stime are the 14th and 15th fields of stat, the 12th and 13th after the name.
    const fields = statFields(`/proc/${pid}/task/${task}/stat`);
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  const whole = statFields(`/proc/${pid}/stat`);
  return {
    threads: ticks / TICKS_PER_SECOND,
    children: (Number(whole[13]) + Number(whole[14])) / TICKS_PER_SECOND,
  };
}

async function measureStart(): Promise<{ threads: number; children: number; wall: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'transmute-serve-start-'));
  const started = performance.now();
  const child = spawn(process.execPath, [BIN, 'serve', '--data-dir', dataDir, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    return await new Promise((resolve, reject) => {
      let output = '';
      const onData = (chunk: Buffer): void => {
        output += chunk.toString('utf8');
        if (!output.includes('listening on')) return;
        const wall = (performance.now() - started) / 1000;
        resolve({ ...processCpu(child.pid ?? 0), wall });
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.on('exit', (code) => reject(new Error(`serve exited (${code}) before listening:\n${output}`)));
    });
  } finally {
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('close', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const starts = Number(process.argv[2] ?? 3);
for (let index = 0; index < starts; index += 1) {
  const { threads, children, wall } = await measureStart();
  console.log(
    `threads ${threads.toFixed(2)} s  children ${children.toFixed(2)} s  wall ${wall.toFixed(2)} s`,
  );
}
