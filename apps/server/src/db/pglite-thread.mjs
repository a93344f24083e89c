// The embedded database's own thread (db/pglite-remote.ts starts it): PGlite runs here, so the
// statements' work runs beside the server's JavaScript instead of between its requests. It
// answers protocol messages with protocol messages, one request at a time in the order they
// came, and knows nothing of queries: the server's side writes and reads them.
//
// Plain JavaScript that only imports packages, so the same file runs from the sources and beside
// the built server (build.mjs copies it).
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
// The app's extensions (db/client.ts, pgliteExtensions): a database using pg_trgm needs it loaded.
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const { dataDir, loadDataDir, loadDataDirType } = workerData;

/** An error as the other side rebuilds it (structured clone keeps only some of an Error). */
const failure = (error) => ({ message: String(error?.message ?? error), stack: error?.stack, code: error?.code });

let pg;
try {
  pg = await PGlite.create(dataDir ?? 'memory://', {
    extensions: { pg_trgm },
    // The dump's type says whether it is gzipped.
    loadDataDir: loadDataDir ? new Blob([loadDataDir], { type: loadDataDirType }) : undefined,
  });
  parentPort.postMessage({ ready: true });
} catch (error) {
  parentPort.postMessage({ failed: failure(error) });
}

// Requests are handled strictly one after another: a protocol exchange must never interleave.
let queue = Promise.resolve();
parentPort.on('message', (request) => {
  queue = queue.then(() => handle(request));
});

async function handle({ id, op, bytes }) {
  try {
    if (op === 'protocol') {
      const answer = await pg.execProtocolRaw(bytes, { syncToFs: false });
      parentPort.postMessage({ id, bytes: answer }, [answer.buffer]);
    } else if (op === 'dump') {
      await pg.exec('checkpoint');
      const dump = await (await pg.dumpDataDir('gzip')).arrayBuffer();
      parentPort.postMessage({ id, dump }, [dump]);
    } else if (op === 'close') {
      await pg.close();
      parentPort.postMessage({ id });
      parentPort.close();
    } else throw new Error(`unknown request ${op}`);
  } catch (error) {
    parentPort.postMessage({ id, failed: failure(error) });
  }
}
