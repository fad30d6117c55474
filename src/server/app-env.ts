import type { WalletProvider } from '../domain/payment-channels';
import type { Role } from '../domain/roles';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Database } from './db/client';
import type { Logger } from './http/logger';
import type { Mailer } from './mail/mailer';
import type { MobileMoneyOperator } from './mobile-money/operator';

/** Everything a request handler may use, handed in by createApp so tests can swap any of it. */
export interface AppDeps {
  db: Database;
  config: Config;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  /** The mobile-money operators configured here (issue 49 item 4); a missing one's part is exported as a CSV. */
  mobileMoney?: PayoutOperators;
}

/** Each operator's client, when its API is configured. */
export type PayoutOperators = Partial<Record<WalletProvider, MobileMoneyOperator>>;

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
  /** System Settings' password expiry has passed: only a new password opens the app (auth/sign-in-gates.ts). */
  mustChangePassword: boolean;
  /** System Settings require two-factor sign-in and the account has not set it up yet. */
  mustSetUpTwoFactor: boolean;
}

export interface AppEnv {
  Variables: {
    user: SessionUser | null;
  };
}
