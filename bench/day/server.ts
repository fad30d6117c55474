/**
 * The app as `npm start` runs it (scripts/start.mjs, production mode, the build in dist/), in a
 * child process pinned to core 0 with `taskset`; its embedded database's child inherits the
 * affinity. On PostgreSQL the server's processes are pinned to core 0 too for the run, and given
 * back their old affinity afterwards. Also: resident memory of a process and its descendants.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { openSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface AppProcess {
  baseUrl: string;
  pid: number;
  stop(): Promise<void>;
}

export async function startApp(
  port: number,
  database: { dataDir?: string; url?: string },
): Promise<AppProcess> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    SEED_DEMO: 'false',
    TWO_FACTOR_KEY: 'ab'.repeat(32),
    ...(database.url ? { DATABASE_URL: database.url } : { DATA_DIR: database.dataDir }),
  };
  // e.g. `--cpu-prof --cpu-prof-dir=/tmp/day-prof` to see where the one core goes.
  const nodeArgs = process.env.DAY_APP_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [];
  const child = spawn('taskset', ['-c', '0', process.execPath, ...nodeArgs, 'scripts/start.mjs'], {
    cwd: ROOT,
    env,
    // DAY_APP_LOG=<file> keeps the app's log (its errors say why an action failed).
    stdio: ['ignore', process.env.DAY_APP_LOG ? openSync(process.env.DAY_APP_LOG, 'a') : 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => {
    stderr = (stderr + c.toString()).slice(-4_000);
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited (${child.exitCode}): ${stderr}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`the app did not answer in 180 s: ${stderr}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return { baseUrl, pid: child.pid!, stop: () => stopChild(child) };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** The process and all its descendants (from /proc/<pid>/task/<tid>/children). */
export function processTree(pid: number): number[] {
  const out = [pid];
  for (let i = 0; i < out.length; i++) {
    try {
      for (const tid of readdirSync(`/proc/${out[i]}/task`)) {
        const children = readFileSync(`/proc/${out[i]}/task/${tid}/children`, 'utf8').trim();
        if (children) out.push(...children.split(/\s+/).map(Number));
      }
    } catch {}
  }
  return out;
}

/** Sum of VmRSS and of Pss (smaps_rollup) over the tree, in MiB. */
export function residentMemory(pid: number): { rss: number; pss: number } {
  let rss = 0;
  let pss = 0;
  for (const p of processTree(pid)) {
    try {
      rss += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
      pss += Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${p}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
    } catch {}
  }
  return { rss: rss / 1024, pss: pss / 1024 };
}

/** Samples the tree's memory every 200 ms until stopped; answers the peak. */
export function memoryPeak(pid: number) {
  let peak = residentMemory(pid);
  const timer = setInterval(() => {
    const now = residentMemory(pid);
    peak = { rss: Math.max(peak.rss, now.rss), pss: Math.max(peak.pss, now.pss) };
  }, 200);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}

/** Pins this process's threads to `core` (the load generator's own core); answers how to undo it. */
export function pinSelf(core: number): () => void {
  const old = execFileSync('taskset', ['-p', '-c', String(process.pid)], { encoding: 'utf8' })
    .split(':')
    .at(-1)!
    .trim();
  const set = (list: string) =>
    execFileSync('taskset', ['-a', '-p', '-c', list, String(process.pid)], { stdio: 'ignore' });
  set(String(core));
  return () => set(old);
}

/**
 * Pins the PostgreSQL server behind `backendPid` (its postmaster and every child) to core 0;
 * answers how to undo it, or why it could not.
 */
export function pinPostgres(backendPid: number): { restore(): void; note: string } {
  const parent = Number(/^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${backendPid}/status`, 'utf8'))?.[1]);
  const affinity = (pid: number) =>
    execFileSync('taskset', ['-p', '-c', String(pid)], { encoding: 'utf8' })
      .split(':')
      .at(-1)!
      .trim();
  try {
    const old = affinity(parent);
    const set = (list: string) => {
      for (const pid of processTree(parent)) {
        try {
          execFileSync('taskset', ['-a', '-p', '-c', list, String(pid)], { stdio: 'ignore' });
        } catch {}
      }
    };
    set('0');
    return {
      note: `PostgreSQL (postmaster ${parent} and its ${processTree(parent).length - 1} children) pinned to core 0, was ${old}`,
      restore: () => set(old),
    };
  } catch (error) {
    return {
      note: `PostgreSQL NOT pinned to core 0 (${(error as Error).message.split('\n')[0]}): it used every core`,
      restore() {},
    };
  }
}
