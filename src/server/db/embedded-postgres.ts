import { fork } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

export interface EmbeddedPostgres {
  /** Where it answers now; a restarted worker in a temporary socket folder answers elsewhere. */
  readonly url: string;
  /** The thread serving it now (a thread id of this process). */
  readonly threadId: number;
  /** Ends the worker thread abruptly, as a crash in it would; supervision starts another. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

/** What a supervised worker's life looks like from outside, for the log. */
export type WorkerEvent =
  | { type: 'died'; threadId: number; code: number; error?: string }
  | { type: 'restarted'; threadId: number }
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
 * Starts PGlite on the data folder in a worker thread and answers the URL of its Unix socket.
 * With `supervise`, a worker that dies (an error or WebAssembly abort in it) is started again on
 * the same data, so the pool reconnects within seconds instead of the app answering 503 until
 * someone restarts it; what PGlite had acknowledged is on disk and is read back by the new worker.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  supervise?: SuperviseOptions,
): Promise<EmbeddedPostgres> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // PGlite writes its files world-readable and writable (0666): only an owner-only folder keeps
  // other local accounts from reading password hashes or rewriting allowances on disk.
  chmodSync(dataDir, 0o700);
  // Creating a database (initdb) passes some 300 MB through the allocator, which the server would
  // keep as resident memory for good: a new folder is created by a short-lived process instead.
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await initialise(dataDir);
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
        watch(current.worker);
        supervise?.onEvent({ type: 'restarted', threadId: current.worker.threadId });
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
  const watch = (worker: Worker) => {
    const threadId = worker.threadId;
    let error: string | undefined;
    worker.on('error', (thrown) => {
      error = thrown.message;
    });
    worker.once('exit', (code) => {
      if (stopping || !supervise) return;
      supervise.onEvent({ type: 'died', threadId, code, error });
      restarting = restart().finally(() => {
        restarting = undefined;
      });
    });
  };
  watch(current.worker);

  return {
    get url() {
      return current.url;
    },
    get threadId() {
      return current.worker.threadId;
    },
    async kill() {
      await current.worker.terminate();
    },
    async stop() {
      stopping = true;
      await restarting;
      await stopWorker(current.worker);
    },
  };
}

/** Creates the database in a process of its own, which then ends and gives all its memory back. */
async function initialise(dataDir: string) {
  const compiled = import.meta.url.endsWith('.js');
  const child = fork(workerFile(compiled), [dataDir], {
    execArgv: compiled ? [] : ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let failure: string | undefined;
  child.on('message', (message: WorkerMessage) => {
    if (message.type === 'failed') failure = message.message;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (failure || code !== 0)
    throw new Error(failure ?? `Creating the embedded database failed (code ${code})`);
}

async function startWorker(dataDir: string): Promise<{ worker: Worker; url: string }> {
  const worker = spawnWorker(dataDir);
  const url = await new Promise<string>((resolve, reject) => {
    worker.once('message', (message: WorkerMessage) => {
      if (message.type === 'ready') resolve(message.url);
      else reject(new Error(message.message));
    });
    worker.once('exit', (code) =>
      reject(new Error(`Embedded PostgreSQL exited (code ${code}) while starting`)),
    );
    worker.once('error', reject);
  });
  return { worker, url };
}

const workerFile = (compiled: boolean) =>
  fileURLToPath(new URL(`./embedded-postgres-worker.${compiled ? 'js' : 'ts'}`, import.meta.url));

function spawnWorker(dataDir: string): Worker {
  const workerData = { dataDir };
  const worker = import.meta.url.endsWith('.js')
    ? new Worker(workerFile(true), { workerData })
    : // From the sources (tests, `npm run dev`): the thread loads TypeScript through tsx.
      new Worker(
        `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(
          pathToFileURL(workerFile(false)).href,
        )}); });`,
        { eval: true, workerData },
      );
  // An error thrown in the thread ends it ('exit' follows): never an unhandled 'error' here.
  worker.on('error', () => {});
  return worker;
}

function stopWorker(worker: Worker): Promise<void> {
  // Node sets threadId to -1 once the thread has ended: nothing is left to stop.
  if (worker.threadId === -1) return Promise.resolve();
  return new Promise((resolve) => {
    worker.once('exit', () => resolve());
    worker.postMessage({ type: 'stop' });
  });
}
