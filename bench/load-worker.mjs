// Load generator on its own thread, so the clients' work does not sit on the server's event loop.
// workerData: { baseUrl, concurrency, maxSeconds, requests: [{ path, headers }] }; answers
// { latencies, errors }. No new request starts after maxSeconds, so a slow database ends early.
import { parentPort, workerData } from 'node:worker_threads';

const { baseUrl, concurrency, maxSeconds, requests } = workerData;
const deadline = performance.now() + maxSeconds * 1000;
const latencies = [];
let errors = 0;
let next = 0;

async function client() {
  while (next < requests.length && performance.now() < deadline) {
    const { path, headers } = requests[next++];
    const started = performance.now();
    try {
      const res = await fetch(baseUrl + path, { headers, signal: AbortSignal.timeout(30_000) });
      await res.arrayBuffer();
      if (!res.ok) errors++;
    } catch {
      errors++;
    }
    latencies.push(performance.now() - started);
  }
}

await Promise.all(Array.from({ length: concurrency }, client));
parentPort.postMessage({ latencies, errors });
