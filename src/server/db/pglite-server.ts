import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const SOCKET_CONNECTION_HEADROOM = 8;

export interface PgliteServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * PGlite (embedded PostgreSQL) behind a loopback socket, so the app talks to it with the same
 * `pg` driver it uses for a PostgreSQL server. PGlite runs one statement at a time: the pool using
 * it has max 1, and transactions then run one after another.
 *
 * The socket still accepts a few connections: pg-pool throws away a connection after any failed
 * query and opens a new one at once, before the old socket's close has been noticed here. With a
 * limit of one, that new connection is refused and the request after every 409 would fail.
 */
export async function startPgliteServer(dataDir: string | undefined): Promise<PgliteServer> {
  const pglite = await PGlite.create(dataDir ?? 'memory://', { extensions: { pg_trgm } });
  const server = new PGLiteSocketServer({
    db: pglite,
    host: '127.0.0.1',
    port: 0,
    maxConnections: SOCKET_CONNECTION_HEADROOM,
  });
  await server.start();
  return {
    url: `postgres://postgres@${server.getServerConn()}/postgres`,
    async stop() {
      await server.stop();
      await pglite.close();
    },
  };
}
