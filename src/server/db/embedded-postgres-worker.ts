import { startPgliteServer } from './pglite-server';

// Runs PGlite in its own process so its queries never block the API's event loop.
const dataDir = process.argv[2];
let server: Awaited<ReturnType<typeof startPgliteServer>>;
try {
  server = await startPgliteServer(dataDir);
} catch (error) {
  if (!process.send) throw error;
  // The parent shows this message; an exit code alone would not say why (e.g. DATA_DIR in use).
  process.send({ type: 'failed', message: (error as Error).message }, () => process.exit(1));
  await new Promise(() => {});
}
process.send?.({ type: 'ready', url: server!.url });

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await server.stop();
  process.exit(0);
}
process.on('message', (message) => {
  if ((message as { type?: string }).type === 'stop') void stop();
});
process.on('disconnect', () => void stop());
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
