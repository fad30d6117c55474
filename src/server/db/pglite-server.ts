import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export interface PgliteServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * PGlite (embedded PostgreSQL) behind a loopback socket, so the app talks to it with the same
 * `pg` driver it uses for a PostgreSQL server. PGlite has one connection: the pool using it must
 * have max 1, and transactions then run one after another.
 */
export async function startPgliteServer(dataDir: string | undefined): Promise<PgliteServer> {
  const pglite = await PGlite.create(dataDir ?? 'memory://', { extensions: { pg_trgm } });
  const server = new PGLiteSocketServer({ db: pglite, host: '127.0.0.1', port: 0, maxConnections: 1 });
  await server.start();
  return {
    url: `postgres://postgres@${server.getServerConn()}/postgres`,
    async stop() {
      await server.stop();
      await pglite.close();
    },
  };
}
