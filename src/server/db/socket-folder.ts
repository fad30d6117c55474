import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The name `pg` asks for in a socket folder when the port is 5432. */
export const SOCKET_PORT = 5432;
const SOCKET_FILE = `.s.PGSQL.${SOCKET_PORT}`;
// A socket's path must fit sun_path: 108 bytes with the closing NUL on Linux, 104 on macOS.
const MAX_SOCKET_PATH_BYTES = 103;
const TEMPORARY_PREFIX = 'chl-db-';

/** Another running server answers on this data folder's socket. */
export class DataDirInUse extends Error {}

export interface SocketFolder {
  /** Owner-only (0700) folder holding the socket; `pg` takes it as `host`. */
  dir: string;
  socketPath: string;
  /** Removes what start-up made that stop does not (a temporary folder). */
  remove(): void;
}

/**
 * Where embedded PostgreSQL listens: a Unix socket in a folder only this user can enter, so no
 * other local account can reach a database that takes any user name without a password. A data
 * folder's socket lives in DATA_DIR/run. A DATA_DIR too deep for a socket path (about 100 bytes)
 * gets a fresh mkdtemp folder instead (0700 from the start), named in DATA_DIR/run/socket so that
 * a second server on the same data still finds the first. A throw-away database gets one too.
 */
export async function prepareSocketFolder(dataDir: string | undefined): Promise<SocketFolder> {
  if (dataDir === undefined) return temporaryFolder();
  const runDir = path.join(dataDir, 'run');
  mkdirSync(runDir, { recursive: true, mode: 0o700 });
  // mkdir's mode passes through the umask, and an existing folder keeps what it had.
  chmodSync(runDir, 0o700);
  const note = path.join(runDir, 'socket');
  await refuseIfServed([path.join(runDir, SOCKET_FILE), readNote(note)], dataDir);
  const folder = fitsSocketPath(runDir)
    ? { dir: runDir, socketPath: path.join(runDir, SOCKET_FILE), remove: () => {} }
    : temporaryFolder();
  writeFileSync(note, folder.socketPath, { mode: 0o600 });
  return folder;
}

function temporaryFolder(): SocketFolder {
  const dir = mkdtempSync(path.join(tmpdir(), TEMPORARY_PREFIX));
  if (!fitsSocketPath(dir)) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(
      `The temporary folder ${tmpdir()} is too deep for a database socket; set TMPDIR to a short path.`,
    );
  }
  return {
    dir,
    socketPath: path.join(dir, SOCKET_FILE),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

function fitsSocketPath(dir: string): boolean {
  return Buffer.byteLength(path.join(dir, SOCKET_FILE)) <= MAX_SOCKET_PATH_BYTES;
}

function readNote(note: string): string | undefined {
  return existsSync(note) ? readFileSync(note, 'utf8') : undefined;
}

/** The message for a data folder another server holds. */
export function dataDirInUse(dataDir: string): DataDirInUse {
  return new DataDirInUse(
    `DATA_DIR ${dataDir} is in use by another running server; only one process can open the embedded database.`,
  );
}

/**
 * A socket left by a server that was killed (kill -9 skips the cleanup) would make listening fail;
 * it and its temporary folder go. One that still answers belongs to a live server on this data:
 * this start is refused.
 */
async function refuseIfServed(socketPaths: (string | undefined)[], dataDir: string): Promise<void> {
  for (const socketPath of socketPaths) {
    if (!socketPath || !existsSync(socketPath)) continue;
    if (await answers(socketPath)) throw dataDirInUse(dataDir);
    const folder = path.dirname(socketPath);
    const temporary = path.dirname(folder) === tmpdir() && path.basename(folder).startsWith(TEMPORARY_PREFIX);
    rmSync(temporary ? folder : socketPath, { recursive: true, force: true });
  }
}

function answers(socketPath: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const probe = connect(socketPath);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED' || error.code === 'ENOENT') resolve(false);
      else reject(error);
    });
  });
}

/** Listening leaves the socket as the umask allows; the folder already shuts others out. */
export function restrictSocket(socketPath: string): void {
  chmodSync(socketPath, 0o600);
}
