import { parentPort, workerData } from 'node:worker_threads';
import { type PgliteServer, startPgliteServer } from './pglite-server';

// Runs PGlite in a thread of the server: its queries run on the calling thread, so here they never
// block the API's event loop, and the server needs no second Node.js process to hold it. Run as a
// process of its own (with the folder as argument), it only creates the database and ends.
const { dataDir, initOnly } = parentPort
  ? (workerData as { dataDir: string; initOnly: false })
  : { dataDir: process.argv[2], initOnly: true };

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
  parentPort!.on('message', (message: { type?: string }) => {
    if (message.type === 'stop') void stop(server);
  });
  parentPort!.postMessage({ type: 'ready', url: server.url });
}

serve().catch((error: Error) => {
  // The parent shows this message; an exit code alone would not say why (e.g. DATA_DIR in use).
  // Nothing else keeps a thread alive, so it ends once the message is sent.
  const failed = { type: 'failed', message: error.message };
  process.exitCode = 1;
  if (parentPort) parentPort.postMessage(failed);
  else if (process.send) process.send(failed, () => process.exit(1));
  else throw error;
});
