// The load generator of `npm run bench`, in a worker thread so it never
// shares the server's event loop. Closed loop: `connections` clients, each
// sending its next request when the last one answered. Open loop (`rate`):
// requests sent on a fixed schedule whatever the answers, each timed from
// its scheduled start (so queueing shows in the percentiles).
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { address, method, headers, requests, connections, seconds, rate } = workerData;
const target = new URL(address);
const agent = new http.Agent({ keepAlive: true, maxSockets: rate ? 512 : connections });
const { 'content-type': _, ...bare } = headers;
const latencies = [];
let errors = 0;

function send({ path, body }) {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path,
        method,
        agent,
        headers: payload === undefined ? bare : { ...headers, 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      },
    );
    req.on('error', () => resolve(0));
    req.end(payload);
  });
}

function record(status, started) {
  latencies.push(performance.now() - started);
  if (status < 200 || status >= 300) errors += 1;
}

async function closedLoop(end) {
  const client = async (c) => {
    for (let k = 0; performance.now() < end; k += 1) {
      const started = performance.now();
      record(await send(requests[(c + k * connections) % requests.length]), started);
    }
  };
  await Promise.all(Array.from({ length: connections }, (_, c) => client(c)));
}

async function openLoop(begin) {
  const total = Math.round(rate * seconds);
  const answered = new Array(total).fill(false);
  let late = false;
  const pending = [];
  for (let i = 0; i < total; i += 1) {
    const scheduled = begin + (i * 1000) / rate;
    const wait = scheduled - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    pending.push(
      send(requests[i % requests.length]).then((status) => {
        if (late) return;
        answered[i] = true;
        record(status, scheduled);
      }),
    );
  }
  // Bounded: what has not answered 5 s after the last send counts as an error, at its wait so far.
  await Promise.race([Promise.all(pending), new Promise((r) => setTimeout(r, 5000))]);
  late = true;
  const now = performance.now();
  answered.forEach((done, i) => {
    if (done) return;
    latencies.push(now - (begin + (i * 1000) / rate));
    errors += 1;
  });
}

const begin = performance.now();
if (rate) await openLoop(begin);
else await closedLoop(begin + seconds * 1000);
const elapsed = (performance.now() - begin) / 1000;
latencies.sort((a, b) => a - b);
const at = (p) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] : 0);
parentPort.postMessage({
  count: latencies.length,
  rps: latencies.length / elapsed,
  p50: at(0.5),
  p95: at(0.95),
  p99: at(0.99),
  errors,
});
agent.destroy();
