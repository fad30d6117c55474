import { serve } from '@hono/node-server';
import { createApp } from './app';
import type { AppDeps } from './app-env';
import { accountsWithDemoPassword } from './auth/demo-passwords';
import { purgeDeadSessions } from './auth/sessions';
import { systemClock } from './clock';
import { ConfigError, INSTALL_DIR, loadConfig } from './config';
import { openConfiguredDatabase } from './database';
import { seedDemoData } from './db/demo-seed';
import { planListening, StartRefused } from './demo-guard';
import { runAutomaticBackup } from './features/backups/automatic-backups';
import { undoStaleBulkWrites } from './features/bulk-writes/bulk-writes.service';
import { purgeUnnamedPhotos } from './features/forms-files/form-photos';
import { sendNotificationDigests } from './features/notifications/notification-digest';
import { queueStaffSmsSummaries } from './features/notifications/notification-sms';
import { runPayoutPass } from './features/payment-batches/payout-engine';
import { checkWalletHolders } from './features/payment-channels/payment-channels.service';
import { queueEventReminders } from './features/sms/sms.service';
import { sendQueuedSms } from './features/sms/sms-sender';
import { sendQueuedAuthMail } from './features/staff-auth/auth-mail';
import { compressedAnswers } from './http/compression';
import { createLogger } from './http/logger';
import { createMailer } from './mail/mailer';
import { configuredOperators } from './mobile-money/operators';
import {
  checkSmtp,
  databaseProblem,
  listenProblem,
  requireWebBuild,
  startupWarnings,
} from './startup-checks';

const logger = createLogger();

/** The configured database, or the reason it cannot be opened in words that say what to change. */
async function openDatabaseOrExplain(config: ReturnType<typeof loadConfig>) {
  try {
    return await openConfiguredDatabase(config);
  } catch (error) {
    throw (config.databaseUrl && databaseProblem(error, config.databaseUrl)) || error;
  }
}

/** Resolves once the server listens; rejects with what to change when it cannot (port taken…). */
function listen(app: ReturnType<typeof createApp>, config: ReturnType<typeof loadConfig>, host: string) {
  return new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const server = serve(
      { fetch: app.fetch, port: config.port, hostname: host, serverOptions: compressedAnswers },
      (info) => {
        server.off('error', fail);
        logger.info('listening', { url: config.appUrl, host: info.address, port: info.port });
        resolve(server);
      },
    );
    const fail = (error: Error) => reject(listenProblem(error, config, host));
    server.once('error', fail);
  });
}

async function main() {
  const config = loadConfig();
  requireWebBuild(config);
  for (const warning of startupWarnings(config, {
    cwd: process.cwd(),
    installDir: INSTALL_DIR,
    execArgv: process.execArgv,
  }))
    logger.warn(warning);
  const database = await openDatabaseOrExplain(config);
  logger.info('database ready', {
    embedded: database.embedded,
    dataDir: database.embedded ? config.dataDir : undefined,
  });
  if (config.seedDemo) {
    const { seeded } = await seedDemoData(database.db, systemClock.now());
    if (seeded) logger.info('demo data loaded (password for every demo account: Demo#2026)');
  }
  let listening: ReturnType<typeof planListening>;
  try {
    listening = planListening(config, await accountsWithDemoPassword(database.db));
  } catch (error) {
    await database.close();
    throw error;
  }
  if (listening.notice) logger.warn(listening.notice);

  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, logger });
  // The operators' clients join deps here once configured (issue 49 item 4): { mtn_momo, airtel_money }.
  const deps: AppDeps = {
    db: database.db,
    config,
    mailer,
    clock: systemClock,
    logger,
    mobileMoney: configuredOperators(config),
  };
  const app = createApp(deps, { serveWeb: true });

  let server: ReturnType<typeof serve>;
  try {
    server = await listen(app, config, listening.host);
  } catch (error) {
    await database.close();
    throw error;
  }
  void checkSmtp(config, logger);
  const housekeeping = setInterval(() => {
    void purgeDeadSessions(deps).catch(() => {});
    void purgeUnnamedPhotos(deps).catch((error: Error) =>
      logger.error('purging unnamed photos failed', { error: error.message }),
    );
  }, 15 * 60_000);
  housekeeping.unref();
  // Requests send their own emails right after answering; this picks up what a crashed or busy
  // process left, and retries failed sends. Safe with several processes (rows are claimed).
  const sendMail = () =>
    void sendQueuedAuthMail(deps).catch((error: Error) =>
      logger.error('sign-in email pass failed', { error: error.message }),
    );
  sendMail();
  const mailPasses = setInterval(sendMail, 30_000);
  mailPasses.unref();
  // Text messages wait in sms_messages; every process runs this, and claims (SKIP LOCKED, under an
  // advisory lock for the limits) keep two processes from sending one message twice.
  const sendSms = () =>
    void sendQueuedSms(deps).catch((error: Error) =>
      logger.error('text message pass failed', { error: error.message }),
    );
  const smsPasses = config.sms ? setInterval(sendSms, 5_000) : undefined;
  smsPasses?.unref();
  // Payouts wait in `payouts`; every process runs this and claims rows (SKIP LOCKED), so a payout is
  // worked on by one process at a time and picked up after a restart. Each row's due_at spaces its
  // status checks by PAYOUT_POLL_SECONDS (payout-engine.ts, docs/decisions/014).
  const payOut = () =>
    void runPayoutPass(deps).catch((error: Error) =>
      logger.error('payout pass failed', { error: error.message }),
    );
  const payoutPasses = Object.keys(deps.mobileMoney ?? {}).length ? setInterval(payOut, 5_000) : undefined;
  payoutPasses?.unref();
  // Tomorrow's events' reminders and the staff's morning texts: one row per cause (its dedupe key).
  const remindEvents = () => {
    void queueEventReminders(deps).catch((error: Error) =>
      logger.error('event reminder pass failed', { error: error.message }),
    );
    void queueStaffSmsSummaries(deps).catch((error: Error) =>
      logger.error('daily text pass failed', { error: error.message }),
    );
  };
  const reminderPasses = config.sms ? setInterval(remindEvents, 10 * 60_000) : undefined;
  reminderPasses?.unref();
  // MTN wallets whose holder MTN could not name yet (issue 49 item 2); safe with several
  // processes: an answer is written only onto a wallet still unchecked.
  const checkWallets = () =>
    void checkWalletHolders(deps).catch((error: Error) =>
      logger.error('wallet holder check pass failed', { error: error.message }),
    );
  const walletPasses = config.mtnMomo
    ? setInterval(checkWallets, config.payoutPollSeconds * 1000)
    : undefined;
  walletPasses?.unref();
  // The daily email of waiting items; each (user, Lusaka day) is claimed in the database first,
  // so several processes running this send one email, not one each.
  const sendDigests = () =>
    void sendNotificationDigests(deps).catch((error: Error) =>
      logger.error('daily digest pass failed', { error: error.message }),
    );
  const digestPasses = setInterval(sendDigests, 10 * 60_000);
  digestPasses.unref();
  // Each slot ('daily:2026-11-26') is claimed by inserting its row, so several processes make one backup.
  const backUp = () =>
    void runAutomaticBackup(deps).catch((error: Error) =>
      logger.error('automatic backup pass failed', { error: error.message }),
    );
  backUp();
  const backupPasses = setInterval(backUp, 10 * 60_000);
  backupPasses.unref();

  // An upload or an import whose process died while writing it is taken out again (docs/decisions/
  // 009). Safe with several processes: claiming a file moves its heartbeat, so one undoes it.
  const undoStale = () =>
    void undoStaleBulkWrites(deps).catch((error: Error) =>
      logger.error('undoing interrupted uploads failed', { error: error.message }),
    );
  undoStale();
  const undoPasses = setInterval(undoStale, 60_000);
  undoPasses.unref();

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('stopping', { signal });
    clearInterval(housekeeping);
    clearInterval(mailPasses);
    clearInterval(smsPasses);
    clearInterval(payoutPasses);
    clearInterval(reminderPasses);
    clearInterval(walletPasses);
    clearInterval(digestPasses);
    clearInterval(backupPasses);
    clearInterval(undoPasses);
    // Stop taking connections, let requests under way finish, then close the database cleanly.
    // A keep-alive client (a load balancer's health check) would keep sending requests on its
    // connection and hold the stop for 20 s: each connection is closed as soon as it is idle.
    const http = server as import('node:http').Server;
    http.closeIdleConnections();
    setInterval(() => http.closeIdleConnections(), 25).unref();
    server.close(async () => {
      await database.close();
      logger.info('stopped');
      process.exit(0);
    });
    setTimeout(() => {
      logger.error('requests still running after 20 s; exiting');
      process.exit(1);
    }, 20_000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof StartRefused) {
    console.error(error.message);
  } else {
    logger.error('failed to start', { error: (error as Error).message, stack: (error as Error).stack });
  }
  process.exit(1);
});
