// Load generator on its own thread, so the clients' work does not sit on the server's event loop.
// autocannon keeps `concurrency` keep-alive connections busy, each sending its next request when
// the last one answered; its HTTP client costs a fraction of fetch()'s, which on a 2-core machine
// shared with the server decides most of the measured latency.
// workerData: { baseUrl, concurrency, maxSeconds, amount, requests: [{ path, headers }] } (amount
// requests, cycling through the list); answers
// { latencies, errors, seconds } (seconds: the load itself, without this thread's start-up). No new request starts after maxSeconds, so a slow database ends early.
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

const { baseUrl, concurrency, maxSeconds, amount, requests } = workerData;
const latencies = [];
let errors = 0;
let next = 0;

// The load's seconds are timed here: autocannon's own duration moves in whole-second ticks, which
// made a 1-second run read half its real rate.
const started = performance.now();
const instance = autocannon({
  url: baseUrl,
  connections: concurrency,
  amount,
  timeout: 30,
  requests: [
    {
      setupRequest(request) {
        const { path, headers } = requests[next++ % requests.length];
        return { ...request, method: 'GET', path, headers };
      },
    },
  ],
});
instance.on('response', (_client, statusCode, _bytes, responseTime) => {
  latencies.push(responseTime);
  if (statusCode < 200 || statusCode >= 300) errors++;
});
// With `amount` set autocannon ignores `duration`, so the time limit is ours; the parent may also
// say 'stop' (a load measured while some other work runs ends with that work).
const stop = setTimeout(() => instance.stop(), maxSeconds * 1000);
parentPort.on('message', (message) => message === 'stop' && instance.stop());
const result = await instance;
const seconds = (performance.now() - started) / 1000;
clearTimeout(stop);
parentPort.postMessage({
  latencies,
  errors: errors + result.errors + result.timeouts,
  seconds,
});
