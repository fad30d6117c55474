import { type ChildProcess, fork } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface EmbeddedPostgres {
  url: string;
  stop(): Promise<void>;
}

/** Starts PGlite on the data folder in a child process and answers its loopback URL. */
export async function startEmbeddedPostgres(dataDir: string): Promise<EmbeddedPostgres> {
  mkdirSync(dataDir, { recursive: true });
  const compiled = import.meta.url.endsWith('.js');
  const worker = fileURLToPath(
    new URL(`./embedded-postgres-worker.${compiled ? 'js' : 'ts'}`, import.meta.url),
  );
  const child = fork(worker, [dataDir], {
    execArgv: compiled ? [] : ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { url: string }).url));
    child.once('exit', (code) =>
      reject(new Error(`Embedded PostgreSQL exited (code ${code}) while starting`)),
    );
    child.once('error', reject);
  });
  return { url, stop: () => stopChild(child) };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.send({ type: 'stop' });
  });
}
