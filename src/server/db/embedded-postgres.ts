import { type ChildProcess, fork } from 'node:child_process';
import { chmodSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface EmbeddedPostgres {
  url: string;
  /** The child process serving it. */
  pid: number;
  stop(): Promise<void>;
}

type WorkerMessage = { type: 'ready'; url: string } | { type: 'failed'; message: string };

/** Starts PGlite on the data folder in a child process and answers the URL of its Unix socket. */
export async function startEmbeddedPostgres(dataDir: string): Promise<EmbeddedPostgres> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // PGlite writes its files world-readable and writable (0666): only an owner-only folder keeps
  // other local accounts from reading password hashes or rewriting allowances on disk.
  chmodSync(dataDir, 0o700);
  const compiled = import.meta.url.endsWith('.js');
  const worker = fileURLToPath(
    new URL(`./embedded-postgres-worker.${compiled ? 'js' : 'ts'}`, import.meta.url),
  );
  const child = fork(worker, [dataDir], {
    execArgv: compiled ? [] : ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
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
  return { url, pid: child.pid!, stop: () => stopChild(child) };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.send({ type: 'stop' });
  });
}
