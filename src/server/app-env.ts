import type { Role } from '../domain/roles';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Database } from './db/client';
import type { Logger } from './http/logger';
import type { Mailer } from './mail/mailer';

/** Everything a request handler may use, handed in by createApp so tests can swap any of it. */
export interface AppDeps {
  db: Database;
  config: Config;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
}

/** The signed-in user as services see it. */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  department: string | null;
  staffId: string | null;
  photoUrl: string | null;
  lastLogin: Date | null;
  sessionId: string;
}

export interface AppEnv {
  Variables: {
    user: SessionUser | null;
  };
}
