// The clients of the allowance decisions benchmark, on a thread of their own so their fetch()
// work does not sit on the server's event loop: POSTs one decision per id with `concurrency`
// requests in flight, each client sending its next when its last answered.
// workerData: { baseUrl, token, ids, concurrency, body }; answers { seconds, statuses }.
import { parentPort, workerData } from 'node:worker_threads';

const { baseUrl, token, ids, concurrency, body } = workerData;
const statuses = {};
let next = 0;

async function client() {
  while (next < ids.length) {
    const id = ids[next++];
    const res = await fetch(`${baseUrl}/api/allowances/${id}/decision`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    await res.arrayBuffer();
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
  }
}

const started = performance.now();
await Promise.all(Array.from({ length: concurrency }, client));
parentPort.postMessage({ seconds: (performance.now() - started) / 1000, statuses });
