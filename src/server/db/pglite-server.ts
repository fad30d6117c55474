import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { embeddedStartParams } from './pglite-server-settings';
import {
  dataDirInUse,
  prepareSocketFolder,
  restrictSocket,
  SOCKET_PORT,
  type SocketFolder,
} from './socket-folder';

const SOCKET_CONNECTION_HEADROOM = 8;

export interface PgliteServer {
  url: string;
  /** The Unix socket it answers on; it listens on no TCP port. */
  socketPath: string;
  /** The whole database as an image (an uncompressed tar) that `startFrom` can start another from. */
  image(): Promise<Blob>;
  stop(): Promise<void>;
}

/**
 * PGlite (embedded PostgreSQL) behind a Unix socket, so the app talks to it with the same `pg`
 * driver it uses for a PostgreSQL server. PGlite takes any user name without a password, so the
 * socket sits in an owner-only folder: only this OS user (who can read the data files anyway) gets
 * in. PGlite runs one statement at a time: the pool using it has max 1, and transactions then run
 * one after another.
 *
 * The socket still accepts a few connections: pg-pool throws away a connection after any failed
 * query and opens a new one at once, before the old socket's close has been noticed here. With a
 * limit of one, that new connection is refused and the request after every 409 would fail.
 */
export async function startPgliteServer(
  dataDir: string | undefined,
  options: { startFrom?: Blob } = {},
): Promise<PgliteServer> {
  // The folder is claimed before PGlite opens the data, so a second server on it stops first.
  const folder = await prepareSocketFolder(dataDir);
  let pglite: PGlite | undefined;
  try {
    pglite = await PGlite.create(dataDir ?? 'memory://', {
      extensions: { pg_trgm },
      loadDataDir: options.startFrom,
      startParams: embeddedStartParams(dataDir),
    });
    const server = await listen(pglite, folder, dataDir);
    const db = pglite;
    return {
      url: `postgres://postgres@${encodeURIComponent(folder.dir)}:${SOCKET_PORT}/postgres`,
      socketPath: folder.socketPath,
      image: () => db.dumpDataDir('none'),
      async stop() {
        await server.stop();
        await db.close();
        folder.remove();
      },
    };
  } catch (error) {
    await pglite?.close();
    folder.remove();
    throw error;
  }
}

async function listen(pglite: PGlite, folder: SocketFolder, dataDir: string | undefined) {
  const server = new PGLiteSocketServer({
    db: pglite,
    path: folder.socketPath,
    maxConnections: SOCKET_CONNECTION_HEADROOM,
  });
  try {
    await server.start();
  } catch (error) {
    // Another server on this data took the socket between the folder's check and now.
    if (dataDir && (error as NodeJS.ErrnoException).code === 'EADDRINUSE') throw dataDirInUse(dataDir);
    throw error;
  }
  restrictSocket(folder.socketPath);
  return server;
}
