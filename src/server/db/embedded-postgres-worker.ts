import { parentPort, workerData } from 'node:worker_threads';
import { type PgliteServer, startPgliteServer } from './pglite-server';

// Runs PGlite in a thread of its own: its queries run on the calling thread, so here they never
// block the API's event loop, and the server needs no second Node.js process to hold it.
const { dataDir, initOnly } = workerData as { dataDir: string; initOnly: boolean };
const port = parentPort!;

let stopping = false;
async function stop(server: PgliteServer) {
  if (stopping) return;
  stopping = true;
  await server.stop();
  process.exit(0);
}

async function serve() {
  const server = await startPgliteServer(dataDir);
  if (initOnly) return stop(server);
  port.on('message', (message: { type?: string }) => {
    if (message.type === 'stop') void stop(server);
  });
  port.postMessage({ type: 'ready', url: server.url });
}

serve().catch((error: Error) => {
  // The parent shows this message; an exit code alone would not say why (e.g. DATA_DIR in use).
  // Nothing else keeps the thread alive, so it ends once the message is sent.
  process.exitCode = 1;
  port.postMessage({ type: 'failed', message: error.message });
});
