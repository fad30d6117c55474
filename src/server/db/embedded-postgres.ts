import { type ChildProcess, fork } from 'node:child_process';
import { chmodSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface EmbeddedPostgres {
  /** Where it answers now; a restarted worker in a temporary socket folder answers elsewhere. */
  readonly url: string;
  /** The child process serving it now. */
  readonly pid: number;
  stop(): Promise<void>;
}

/** What a supervised worker's life looks like from outside, for the log. */
export type WorkerEvent =
  | { type: 'died'; pid: number; code: number | null; signal: string | null }
  | { type: 'restarted'; pid: number }
  | { type: 'restart_failed'; attempt: number; message: string };

export interface SuperviseOptions {
  onEvent(event: WorkerEvent): void;
  /** Called once restarting has failed RESTART_ATTEMPTS times in a row. */
  onGiveUp(message: string): void;
}

type WorkerMessage = { type: 'ready'; url: string } | { type: 'failed'; message: string };

const RESTART_ATTEMPTS = 5;
const RESTART_DELAY_MS = 500;

/**
 * Starts PGlite on the data folder in a child process and answers the URL of its Unix socket.
 * With `supervise`, a worker that dies (kill -9, out of memory) is started again on the same data,
 * so the pool reconnects within seconds instead of the app answering 503 until someone restarts
 * it; what PGlite had acknowledged is on disk and is read back by the new worker.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  supervise?: SuperviseOptions,
): Promise<EmbeddedPostgres> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // PGlite writes its files world-readable and writable (0666): only an owner-only folder keeps
  // other local accounts from reading password hashes or rewriting allowances on disk.
  chmodSync(dataDir, 0o700);
  let current = await startWorker(dataDir);
  let stopping = false;
  let restarting: Promise<void> | undefined;

  const restart = async () => {
    for (let attempt = 1; attempt <= RESTART_ATTEMPTS; attempt++) {
      if (stopping) return;
      try {
        current = await startWorker(dataDir);
        // stop() waits for this restart and then stops the worker it made.
        if (stopping) return;
        watch(current.child);
        supervise?.onEvent({ type: 'restarted', pid: current.child.pid! });
        return;
      } catch (error) {
        supervise?.onEvent({ type: 'restart_failed', attempt, message: (error as Error).message });
        await new Promise((resolve) => setTimeout(resolve, RESTART_DELAY_MS * attempt));
      }
    }
    supervise?.onGiveUp(
      `The embedded database stopped and could not be started again after ${RESTART_ATTEMPTS} attempts; see the errors above.`,
    );
  };
  const watch = (child: ChildProcess) => {
    child.once('exit', (code, signal) => {
      if (stopping || !supervise) return;
      supervise.onEvent({ type: 'died', pid: child.pid!, code, signal });
      restarting = restart().finally(() => {
        restarting = undefined;
      });
    });
  };
  watch(current.child);

  return {
    get url() {
      return current.url;
    },
    get pid() {
      return current.child.pid!;
    },
    async stop() {
      stopping = true;
      await restarting;
      await stopChild(current.child);
    },
  };
}

async function startWorker(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const compiled = import.meta.url.endsWith('.js');
  const worker = fileURLToPath(
    new URL(`./embedded-postgres-worker.${compiled ? 'js' : 'ts'}`, import.meta.url),
  );
  const child = fork(worker, [dataDir], {
    execArgv: compiled ? [] : ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  // A message to a worker that has just died fails with an 'error' event: never a crash here.
  child.on('error', () => {});
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (message: WorkerMessage) => {
      if (message.type === 'ready') resolve(message.url);
      else reject(new Error(message.message));
    });
    child.once('exit', (code) =>
      reject(new Error(`Embedded PostgreSQL exited (code ${code}) while starting`)),
    );
    child.once('error', reject);
  });
  return { child, url };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.send({ type: 'stop' });
  });
}
