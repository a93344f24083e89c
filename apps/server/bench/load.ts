import { Worker } from 'node:worker_threads';

/** One request of a scenario: the path (with /api) and its JSON body. */
export interface BenchRequest {
  path: string;
  body?: unknown;
}

export interface LoadOptions {
  address: string;
  method: 'GET' | 'POST' | 'PATCH';
  token?: string;
  /** Cycled through: client c sends requests c, c + connections, … (so a client can keep its own invoice). */
  requests: BenchRequest[];
  connections: number;
  seconds: number;
  /** Open loop: requests per second on a fixed schedule (connections is then ignored). */
  rate?: number;
}

export interface LoadResult {
  count: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

/** Measures one scenario from a worker thread (bench/load-worker.mjs). */
export function load(options: LoadOptions): Promise<LoadResult> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.token) headers.token = options.token;
  const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), {
    workerData: { ...options, headers, token: undefined },
  });
  return new Promise((resolve, reject) => {
    worker.once('message', (result: LoadResult) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}
