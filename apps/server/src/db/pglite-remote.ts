import { parse, protocol, type QueryOptions, type Results, type Transaction, types } from '@electric-sql/pglite';
import { Gate } from './gate.js';
import { PgliteLink } from './pglite-link.js';
import { keptName, PREPARED_PER_CONNECTION, readsOrWrites } from './prepared.js';

/** At most this many unnamed statements' parameter types are remembered (then forgotten at once). */
const UNNAMED_TYPES_KEPT = 1000;

type Parser = (value: string, typeId?: number) => unknown;
type Serializer = (value: unknown) => string;

/** What the app asks of the embedded database: what Drizzle, the upkeep and the exports use. */
export interface EmbeddedClient {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string, options?: QueryOptions): Promise<Results[]>;
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
}

/**
 * The embedded database (PGlite) on a thread of its own, spoken to in the PostgreSQL protocol.
 * PGlite in the server's thread ran every statement between the server's requests: at 10
 * clients each request waited for the others' statements as well as their JavaScript, while
 * PostgreSQL works beside the server on the machine's other core. Here the statements run on
 * their thread (pglite-thread.mjs, reached through pglite-link.ts) and this side writes and
 * reads the messages.
 *
 * Statements are kept prepared as on PostgreSQL (`keptName`, at most PREPARED_PER_CONNECTION for
 * the one connection): a kept statement is parsed and described once (its parameters' types, to
 * write each value as PGlite would); any other (a search, a period) is parsed at each run, so it
 * is planned for its values, with its parameters' types remembered by its text; then bind,
 * describe, execute and sync go in one message. Answers are read by PGlite's own parser with a
 * parser table merged once per set of overrides (merged anew per answer, as PGlite does, Drizzle's
 * few overrides made reading 50 rows 10× slower: 237 against 23 µs).
 *
 * Statements outside a transaction are sent as soon as they are asked, each exchange whole (it
 * ends with a sync): the thread runs them one after another in the order they came, with no
 * pause between them for this side to read an answer and send the next (at 10 clients the
 * thread had waited on the server's busy event loop between statements). A transaction holds the
 * database until it ends (the gate): it waits for the statements already sent, and those asked
 * meanwhile wait for its end, so nothing runs between its statements.
 */
export class PgliteRemote implements EmbeddedClient {
  private readonly gate = new Gate();
  /** Each kept statement's parameter types, by name. */
  private readonly named = new Map<string, number[]>();
  /** Kept statements being parsed: a second run asked meanwhile waits for the first's parse. */
  private readonly preparing = new Map<string, Promise<number[]>>();
  /**
   * The parameter types of statements run unnamed (a search, a period), by text: the next run
   * of one sends parse, bind, execute and sync in one message instead of two (each a round trip
   * to the thread), and is still planned for its values. Forgotten after any DDL.
   */
  private readonly unnamedTypes = new Map<string, number[]>();
  private readonly parsers: Record<number, Parser> = { ...types.parsers };
  private readonly serializers: Record<number, Serializer> = { ...types.serializers };
  private readonly tables = new Map<string, Record<number, Parser>>();

  private constructor(private readonly link: PgliteLink) {}

  /** Starts the thread and its database: `dataDir` a folder (else in memory), `loadDataDir` a dump to start from. */
  static async start(options: { dataDir?: string; loadDataDir?: Blob }): Promise<PgliteRemote> {
    const remote = new PgliteRemote(await PgliteLink.start(options));
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

  /**
   * A kept statement parsed and described once, answering its parameters' types; a run asked
   * while it is being parsed waits for that parse instead of parsing the name a second time.
   */
  private prepare(name: string, text: string, options?: QueryOptions): Promise<number[]> {
    const { serialize } = protocol;
    let types = this.preparing.get(name);
    if (!types) {
      types = (async () => {
        try {
          const described = await this.link.exchange(
            serialize.parse({ name, text, types: options?.paramTypes }),
            serialize.describe({ type: 'S', name }),
            serialize.sync(),
          );
          const paramTypes = parse.parseDescribeStatementResults(described as never);
          this.named.set(name, paramTypes);
          return paramTypes;
        } catch (error) {
          // Not kept: the name is free for the next try (closing an unknown name is no error).
          await this.link.exchange(serialize.close({ type: 'S', name }), serialize.sync()).catch(() => {});
          throw error;
        } finally {
          this.preparing.delete(name);
        }
      })();
      this.preparing.set(name, types);
    }
    return types;
  }

  /** An unnamed statement's parameters' types: parsed and described, not run. */
  private async describe(text: string, options?: QueryOptions): Promise<number[]> {
    const { serialize } = protocol;
    const described = await this.link.exchange(
      serialize.parse({ name: '', text, types: options?.paramTypes }),
      serialize.describe({ type: 'S', name: '' }),
      serialize.sync(),
    );
    const paramTypes = parse.parseDescribeStatementResults(described as never);
    if (!options?.paramTypes && readsOrWrites(text)) {
      if (this.unnamedTypes.size >= UNNAMED_TYPES_KEPT) this.unnamedTypes.clear();
      this.unnamedTypes.set(text, paramTypes);
    }
    return paramTypes;
  }

  /**
   * Runs one statement: a kept one by its name (parsed first if it is new), any other parsed in
   * the same message as its run. Every exchange is whole, so others' may come between them.
   */
  private async run<T>(text: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> {
    const { serialize } = protocol;
    const kept = keptName(text, params);
    const name =
      kept && (this.named.has(kept) || this.named.size + this.preparing.size < PREPARED_PER_CONNECTION) ? kept : '';
    try {
      const known = !name && !options?.paramTypes && readsOrWrites(text) ? this.unnamedTypes.get(text) : undefined;
      const paramTypes = name
        ? (this.named.get(name) ?? (await this.prepare(name, text, options)))
        : (known ?? (await this.describe(text, options)));
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const write =
          (options?.serializers?.[paramTypes[i]] as Serializer | undefined) ?? this.serializers[paramTypes[i]];
        return write ? write(value) : String(value);
      });
      const answers = await this.link.exchange(
        // Unnamed: parsed again in the same message, since another statement's exchange may have
        // come between its description and this run and left its own unnamed statement there.
        ...(name ? [] : [serialize.parse({ name, text, types: options?.paramTypes })]),
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
  }

  /** Statements without parameters, several at once (the simple protocol): one result each. */
  private async runSimple(text: string, options?: QueryOptions): Promise<Results[]> {
    try {
      if (!readsOrWrites(text) && !/^\s*(begin|commit|rollback)\s*;?\s*$/i.test(text)) this.unnamedTypes.clear();
      const answers = await this.link.exchange(protocol.serialize.query(text));
      const { parsers, ...rest } = options ?? {};
      return parse.parseResults(answers as never, this.parsersFor(parsers as never), rest);
    } catch (error) {
      if (error instanceof Error) Object.assign(error, { query: text });
      throw error;
    }
  }

  query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.gate.shared(() => this.run<T>(text, params, options));
  }

  exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this.gate.shared(() => this.runSimple(text, options));
  }

  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.gate.exclusive(async () => {
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
    const dump = await this.gate.exclusive(() => this.link.dump());
    return new Blob([dump], { type: 'application/x-gzip' });
  }

  async close(): Promise<void> {
    await this.gate.exclusive(() => this.link.close());
  }
}
