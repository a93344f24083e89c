import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { Mutex, parse, protocol, type QueryOptions, type Results, type Transaction, types } from '@electric-sql/pglite';
import { keptName, PREPARED_PER_CONNECTION, readsOrWrites } from './prepared.js';

const here = dirname(fileURLToPath(import.meta.url));
/** The thread's file: beside this module in the sources, beside main.js once built (build.mjs copies it). */
const threadFile = join(here, 'pglite-thread.mjs');

/** At most this many unnamed statements' parameter types are remembered (then forgotten at once). */
const UNNAMED_TYPES_KEPT = 1000;

type Parser = (value: string, typeId?: number) => unknown;
type Serializer = (value: unknown) => string;
type BackendMessage = { name: string } & Record<string, unknown>;

/** What the app asks of the embedded database: what Drizzle, the upkeep and the exports use. */
export interface EmbeddedClient {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string, options?: QueryOptions): Promise<Results[]>;
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
}

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
 * The embedded database (PGlite) on a thread of its own, spoken to in the PostgreSQL protocol.
 * PGlite in the server's thread ran every statement between the server's requests: at 10
 * clients each request waited for the others' statements as well as their JavaScript, while
 * PostgreSQL works beside the server on the machine's other core. Here the statements run on
 * their thread (pglite-thread.mjs) and this side writes and reads the messages.
 *
 * Statements are kept prepared as on PostgreSQL (`keptName`, at most PREPARED_PER_CONNECTION for
 * the one connection): a kept statement is parsed and described once (its parameters' types, to
 * write each value as PGlite would); any other (a search, a period) is parsed at each run, so it
 * is planned for its values, with its parameters' types remembered by its text; then bind,
 * describe, execute and sync go in one message. Answers are read by PGlite's own parser with a
 * parser table merged once per set of overrides (merged anew per answer, as PGlite does, Drizzle's
 * few overrides made reading 50 rows 10× slower: 237 against 23 µs).
 *
 * Like PGlite's client: one statement at a time (the query lock), and a transaction holds the
 * database until it ends (the transaction lock): nothing else runs between its statements.
 */
export class PgliteRemote implements EmbeddedClient {
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private readonly queryLock = new Mutex();
  private readonly transactionLock = new Mutex();
  /** Each kept statement's parameter types, by name. */
  private readonly named = new Map<string, number[]>();
  /**
   * The parameter types of statements run unnamed (a search, a period), by text: the next run
   * of one sends parse, bind, execute and sync in one message instead of two (each a round trip
   * to the thread), and is still planned for its values. Forgotten after any DDL.
   */
  private readonly unnamedTypes = new Map<string, number[]>();
  private readonly parsers: Record<number, Parser> = { ...types.parsers };
  private readonly serializers: Record<number, Serializer> = { ...types.serializers };
  private readonly tables = new Map<string, Record<number, Parser>>();
  private closed = false;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (message: Answer & { id: number; failed?: { message: string; stack?: string } }) => {
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (message.failed) waiting.reject(Object.assign(new Error(message.failed.message), message.failed));
      else waiting.resolve(message);
    });
    // The thread died (out of memory, a crash in the database): every waiting call fails, as later ones.
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', (code) => this.fail(new Error(`the embedded database's thread ended (${code})`)));
  }

  /** Starts the thread and its database: `dataDir` a folder (else in memory), `loadDataDir` a dump to start from. */
  static async start(options: { dataDir?: string; loadDataDir?: Blob }): Promise<PgliteRemote> {
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
    const remote = new PgliteRemote(worker);
    await remote.arrayTypes();
    return remote;
  }

  /** Array types are read and written through their element's parser and serializer, as PGlite does. */
  private async arrayTypes() {
    const { rows } = await this.query<{ oid: number; typarray: number }>(
      `select b.oid, b.typarray from pg_catalog.pg_type a
       left join pg_catalog.pg_type b on b.oid = a.typelem
       where a.typcategory = 'A' group by b.oid, b.typarray order by b.oid`,
    );
    for (const { oid, typarray } of rows) {
      this.serializers[typarray] = (value) => types.arraySerializer(value, this.serializers[oid], typarray);
      this.parsers[typarray] = (value) => types.arrayParser(value, this.parsers[oid] as never, typarray);
    }
    this.tables.clear();
  }

  private fail(error: Error) {
    this.closed = true;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }

  private call(op: string, bytes?: Uint8Array): Promise<Answer> {
    if (this.closed) return Promise.reject(new Error('The embedded database is closed'));
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
  private async exchange(...messages: Uint8Array[]): Promise<BackendMessage[]> {
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

  /** PGlite's parsers with the caller's on top, merged once per set of overrides (see the class). */
  private parsersFor(overrides: Record<number, Parser> | undefined): Record<number, Parser> {
    const key = overrides
      ? Object.entries(overrides)
          .map(([id, parser]) => `${id}:${parser}`)
          .join('\n')
      : '';
    let table = this.tables.get(key);
    if (!table) {
      table = { ...this.parsers, ...overrides };
      this.tables.set(key, table);
    }
    return table;
  }

  /** Runs one statement under the query lock (the caller holds the transaction lock, or is a transaction). */
  private run<T>(text: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> {
    const { serialize } = protocol;
    const kept = keptName(text, params);
    const name = kept && (this.named.has(kept) || this.named.size < PREPARED_PER_CONNECTION) ? kept : '';
    const known = !name && !options?.paramTypes && readsOrWrites(text) ? this.unnamedTypes.get(text) : undefined;
    return this.queryLock.runExclusive(async () => {
      try {
        let paramTypes = name ? this.named.get(name) : known;
        if (!paramTypes) {
          try {
            const described = await this.exchange(
              serialize.parse({ name, text, types: options?.paramTypes }),
              serialize.describe({ type: 'S', name }),
              serialize.sync(),
            );
            paramTypes = parse.parseDescribeStatementResults(described as never);
          } catch (error) {
            // Not kept: the name is free for the next try (closing an unknown name is no error).
            if (name) await this.exchange(serialize.close({ type: 'S', name }), serialize.sync()).catch(() => {});
            throw error;
          }
          if (name) this.named.set(name, paramTypes);
          else if (!options?.paramTypes && readsOrWrites(text)) {
            if (this.unnamedTypes.size >= UNNAMED_TYPES_KEPT) this.unnamedTypes.clear();
            this.unnamedTypes.set(text, paramTypes);
          }
        }
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const write =
            (options?.serializers?.[paramTypes[i]] as Serializer | undefined) ?? this.serializers[paramTypes[i]];
          return write ? write(value) : String(value);
        });
        const answers = await this.exchange(
          // An unnamed statement whose types were known is parsed in the same message.
          ...(known ? [serialize.parse({ name, text })] : []),
          serialize.bind({ statement: name, values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        );
        // DDL may change what a text's parameters are.
        if (!readsOrWrites(text)) this.unnamedTypes.clear();
        const { parsers, ...rest } = options ?? {};
        return parse.parseResults(answers as never, this.parsersFor(parsers as never), rest)[0] as Results<T>;
      } catch (error) {
        // As PGlite's own query says which statement failed.
        if (error instanceof Error) Object.assign(error, { query: text, params });
        throw error;
      }
    });
  }

  /** Statements without parameters, several at once (the simple protocol): one result each. */
  private runSimple(text: string, options?: QueryOptions): Promise<Results[]> {
    return this.queryLock.runExclusive(async () => {
      try {
        if (!readsOrWrites(text) && !/^\s*(begin|commit|rollback)\s*;?\s*$/i.test(text)) this.unnamedTypes.clear();
        const answers = await this.exchange(protocol.serialize.query(text));
        const { parsers, ...rest } = options ?? {};
        return parse.parseResults(answers as never, this.parsersFor(parsers as never), rest);
      } catch (error) {
        if (error instanceof Error) Object.assign(error, { query: text });
        throw error;
      }
    });
  }

  query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.transactionLock.runExclusive(() => this.run<T>(text, params, options));
  }

  exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this.transactionLock.runExclusive(() => this.runSimple(text, options));
  }

  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.transactionLock.runExclusive(async () => {
      await this.runSimple('BEGIN');
      let ended = false;
      const open = () => {
        if (ended) throw new Error('Transaction is closed');
      };
      const tx = {
        query: async <R>(text: string, params: unknown[] = [], options?: QueryOptions) => {
          open();
          return this.run<R>(text, params, options);
        },
        exec: async (text: string, options?: QueryOptions) => {
          open();
          return this.runSimple(text, options);
        },
        rollback: async () => {
          open();
          await this.runSimple('ROLLBACK');
          ended = true;
        },
        get closed() {
          return ended;
        },
      } as unknown as Transaction;
      try {
        const result = await work(tx);
        if (!ended) {
          ended = true;
          const [answer] = await this.runSimple('COMMIT');
          // A transaction that failed earlier answers COMMIT with ROLLBACK: nothing was written.
          if (answer?.command === 'ROLLBACK')
            throw new Error('The transaction was rolled back: an earlier statement failed');
        }
        return result;
      } catch (error) {
        if (!ended) {
          ended = true;
          await this.runSimple('ROLLBACK');
        }
        throw error;
      }
    });
  }

  /** The data directory as a gzipped tarball, after a checkpoint (backups). */
  async dumpDataDir(): Promise<Blob> {
    const { dump } = await this.transactionLock.runExclusive(() =>
      this.queryLock.runExclusive(() => this.call('dump')),
    );
    return new Blob([dump ?? new ArrayBuffer(0)], { type: 'application/x-gzip' });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.transactionLock.runExclusive(() => this.queryLock.runExclusive(() => this.call('close')));
    this.closed = true;
    await this.worker.terminate();
  }
}
