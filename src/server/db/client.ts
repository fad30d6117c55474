import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { errorForLog } from '../http/logger';
import * as schema from './schema';

// DATE columns are calendar dates, not instants: keep them as 'YYYY-MM-DD' strings.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
// COUNT(*) and SUM over integers are bigint: small enough here to be numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export type Database = NodePgDatabase<typeof schema>;
/** A transaction handle; services accept either, so they compose inside one transaction. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbOrTx = Database | Tx;

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  close(): Promise<void>;
}

/**
 * A pool on the database at `target`: a URL, or a function answering where it is now (the embedded
 * database's restarted worker may answer on another socket), asked at each new connection.
 */
export function openDatabase(target: string | (() => string), poolMax: number): DatabaseHandle {
  const pool = new pg.Pool({
    ...(typeof target === 'string' ? { connectionString: target } : { Client: clientAt(target) }),
    max: poolMax,
    idleTimeoutMillis: 30_000,
    // `pg` remembers per connection which named statements it has prepared. Embedded PGlite
    // serves every socket connection from one backend session, so a connection that replaces a
    // dropped one would find the old one's statements still there ("prepared statement already
    // exists"). Each new connection starts from none; on a PostgreSQL server it already does.
    onConnect: async (client) => {
      await client.query('deallocate all');
    },
  });
  let closing = false;
  // A dropped idle connection must not crash the process; the pool replaces it. Once closing, a
  // connection cut by the server is expected: pool.end() resolves before the sockets have closed,
  // so a database dropped straight after (tests, benchmarks) terminates them.
  pool.on('error', (error) => {
    if (!closing) console.error(JSON.stringify({ level: 'error', msg: 'db pool', ...errorForLog(error) }));
  });
  // pg-pool listens for a connection's errors only while it is idle. One lost while checked out (a
  // transaction under way when the database process died) would emit an 'error' nobody handles,
  // and Node ends the process. The query under way is rejected with the same error, and its
  // request answers 503; the pool drops the broken connection when it is released.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = drizzle(pool, { schema });
  // Closing twice (a test that ended the pool itself, then its cleanup) is not an error.
  const close = () => {
    closing = true;
    return pool.ended ? Promise.resolve() : pool.end();
  };
  return { db, pool, close };
}

function clientAt(target: () => string): typeof pg.Client {
  return class extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connectionString: target() });
    }
  };
}
