// Fixed loopback ports for the browser-test run (override the base with E2E_PORT_BASE).
// Below Linux's ephemeral range (32768-60999): a port in it can be taken at any moment as the local
// end of an outgoing connection (the browser's keep-alive to the app, say), and a server started
// later on it then fails with EADDRINUSE. server-start.spec.ts listens on base + 10; appearance.spec.ts
// runs its own app on base + 11, settings.spec.ts on base + 12, allowances-bulk-decision.spec.ts on
// base + 13, payment-batches.spec.ts on base + 14, delegation.spec.ts on base + 15 (see
// support/own-server.ts), deployment.spec.ts its installed service on base + 16, offline-app.spec.ts
// its own app on base + 17, sms.spec.ts its own app on base + 18, offline-forms.spec.ts its own app
// on base + 19, mobile-money-payouts.spec.ts on base + 20.
const base = Number(process.env.E2E_PORT_BASE ?? 21870);
export const E2E_APP_PORT = base;
export const E2E_SMTP_PORT = base + 1;
export const E2E_OIDC_PORT = base + 2;
export const E2E_OIDC_CONTROL_PORT = base + 3;
export const E2E_APP_URL = `http://127.0.0.1:${E2E_APP_PORT}`;
export const E2E_MAILBOX_DIR = process.env.E2E_MAILBOX_DIR ?? '/tmp/chl-e2e-mailbox';
