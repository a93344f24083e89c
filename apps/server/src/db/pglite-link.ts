import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { protocol } from '@electric-sql/pglite';

const here = dirname(fileURLToPath(import.meta.url));
/** The thread's file: beside this module in the sources, beside main.js once built (build.mjs copies it). */
const threadFile = join(here, 'pglite-thread.mjs');

/** A message of the database's, as PGlite's protocol parser reads it. */
export type BackendMessage = { name: string } & Record<string, unknown>;

/** What the thread answers: protocol messages, or a dump. */
interface Answer {
  bytes?: Uint8Array;
  dump?: ArrayBuffer;
}

interface Pending {
  resolve(answer: Answer): void;
  reject(error: Error): void;
}

/**
 * The line to the embedded database's thread (pglite-thread.mjs): requests go as they are asked
 * and the thread handles them one after another in that order; each answer finds its caller by
 * its id. Knows messages, not statements (pglite-remote.ts writes and reads those). A thread that
 * dies (out of memory, a crash in the database) fails every call waiting and every later one.
 */
export class PgliteLink {
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private ended = false;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (message: Answer & { id: number; failed?: { message: string; stack?: string } }) => {
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (message.failed) waiting.reject(Object.assign(new Error(message.failed.message), message.failed));
      else waiting.resolve(message);
    });
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', (code) => this.fail(new Error(`the embedded database's thread ended (${code})`)));
  }

  /** Starts the thread and its database: `dataDir` a folder (else in memory), `loadDataDir` a dump to start from. */
  static async start(options: { dataDir?: string; loadDataDir?: Blob }): Promise<PgliteLink> {
    const loadDataDir = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
    const worker = new Worker(threadFile, {
      workerData: { dataDir: options.dataDir, loadDataDir, loadDataDirType: options.loadDataDir?.type },
      transferList: loadDataDir ? [loadDataDir] : [],
    });
    await new Promise<void>((resolve, reject) => {
      const first = (message: { ready?: boolean; failed?: { message: string; stack?: string } }) => {
        worker.off('error', reject);
        if (message.ready) resolve();
        else {
          worker.terminate();
          reject(
            Object.assign(new Error(message.failed?.message ?? 'the embedded database did not start'), message.failed),
          );
        }
      };
      worker.once('message', first);
      worker.once('error', reject);
    });
    return new PgliteLink(worker);
  }

  /** Requests sent and not answered yet. */
  get waiting(): number {
    return this.pending.size;
  }

  private fail(error: Error) {
    this.ended = true;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }

  private call(op: string, bytes?: Uint8Array): Promise<Answer> {
    if (this.ended) return Promise.reject(new Error('The embedded database is closed'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, op, bytes }, bytes ? [bytes.buffer as ArrayBuffer] : []);
    });
  }

  /**
   * Sends protocol messages and answers the database's, up to the first error, which is thrown
   * once the exchange has ended (every message ends with a sync, so the database is ready again).
   */
  async exchange(...messages: Uint8Array[]): Promise<BackendMessage[]> {
    const all = new Uint8Array(messages.reduce((n, m) => n + m.length, 0));
    let at = 0;
    for (const m of messages) {
      all.set(m, at);
      at += m.length;
    }
    const { bytes } = await this.call('protocol', all);
    const answers: BackendMessage[] = [];
    let error: Error | undefined;
    new protocol.Parser().parse(bytes ?? new Uint8Array(0), (message) => {
      if (error) return;
      answers.push(message as unknown as BackendMessage);
      if (message.name === 'error') error = message as unknown as Error;
    });
    if (error) throw error;
    return answers;
  }

  /** The data directory as a gzipped tarball, after a checkpoint (backups). */
  async dump(): Promise<ArrayBuffer> {
    return (await this.call('dump')).dump ?? new ArrayBuffer(0);
  }

  /** Closes the database (its files written), then ends the thread. */
  async close(): Promise<void> {
    if (this.ended) return;
    await this.call('close');
    this.ended = true;
    await this.worker.terminate();
  }

  /** Ends the thread at once, as a crash would (tests). */
  async kill(): Promise<void> {
    await this.worker.terminate();
  }
}
