import { createHash } from 'node:crypto';
import { type PGlite, parse, protocol, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import type pg from 'pg';

/** At most this many statements are kept prepared on one connection (the first ones asked). */
export const PREPARED_PER_CONNECTION = 300;
/** A statement with more parameters than this (a list of ids) is rarely asked twice: not kept. */
const PREPARED_MAX_PARAMETERS = 64;

/** A date or a time (a period's bound, a session's idle limit): `2026-11-27…`. */
const isDateValue = (value: unknown) => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value);

/**
 * The name a statement is kept prepared under, made from its text, or undefined when it is not
 * kept. The database parses a repeated statement once per connection and, once its plans prove
 * alike, plans it once too. Planning was most of a list's time in the database (the stock
 * ledger's page: 1.6 ms to plan, 0.2 ms to run). Reads and writes only (no DDL, no transaction
 * control). Never a search (LIKE, ILIKE): the one plan kept for every text cannot tell a pattern
 * that matches one row from one that matches thousands, and walked 26,667 customers in name order
 * to find one (12.8 ms against 2.2 ms planned for its text). Nor a statement given a date: a
 * period of a month and one of 36 months want different plans, and the one kept for a customer's
 * payments over any period read every payment of the period by date (65 ms a statement against
 * 0.3 ms planned for its dates).
 */
export function keptName(text: string, values: unknown): string | undefined {
  const count = Array.isArray(values) ? values.length : 0;
  if (
    count > PREPARED_MAX_PARAMETERS ||
    !/^[\s(]*(select|with|insert|update|delete)\b/i.test(text) ||
    /\b(i?like)\b/i.test(text) ||
    (Array.isArray(values) && values.some(isDateValue))
  )
    return undefined;
  return `wd_${createHash('sha1').update(text).digest('base64url')}`;
}

/**
 * Keeps a PostgreSQL connection's statements prepared (`keptName`), at most
 * PREPARED_PER_CONNECTION of them; never behind a transaction pooler, whose next statement may
 * land on a connection that never saw the name.
 */
export function preparing(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const named = new Set<string>();
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => {
    if (
      typeof config === 'object' &&
      config !== null &&
      !(config as { name?: string }).name &&
      typeof (config as { text?: unknown }).text === 'string'
    ) {
      const name = keptName((config as { text: string }).text, rest[0]);
      if (name && (named.has(name) || named.size < PREPARED_PER_CONNECTION)) {
        named.add(name);
        return query({ ...config, name }, ...rest);
      }
    }
    return query(config, ...rest);
  };
}

/** What the embedded database's client keeps to itself and this file reaches for (PGlite 0.5). */
interface PgliteInside {
  _checkReady(): Promise<void>;
  _runExclusiveQuery<T>(work: () => Promise<T>): Promise<T>;
  _runExclusiveTransaction<T>(work: () => Promise<T>): Promise<T>;
  serializers: Record<number, (value: unknown) => string>;
  parsers: ParserTable;
}

type ParserTable = Record<number, (value: string, typeId?: number) => unknown>;

type Query = <T>(text: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;

/**
 * Keeps the embedded database's statements prepared too (`keptName`), and runs the others with
 * fewer steps. PGlite's own `query` parses, describes and plans every statement anew, one
 * protocol message at a time, and reads each answer with a parser table merged anew: the parse
 * and plan that PostgreSQL keeps per connection were most of the embedded database's time on a
 * list. Here a kept statement is parsed and described once (its parameters' types, to write
 * each value as PGlite would); any other is parsed and described in one message; each run then
 * sends bind, describe, execute and sync in one message, and the answer is read by PGlite's own
 * parser with a table merged once. PGlite has one connection: one set of names for the
 * process, at most PREPARED_PER_CONNECTION. A query reading or writing a file (`blob`) is left
 * to PGlite.
 *
 * This reaches into PGlite's client (its query lock, its transaction lock, its serializers and
 * parsers); where a version lacks them the client is left as it is.
 */
export function preparingPglite(client: PGlite): void {
  const inside = client as unknown as PgliteInside;
  if (
    typeof inside._runExclusiveQuery !== 'function' ||
    typeof inside._runExclusiveTransaction !== 'function' ||
    typeof inside._checkReady !== 'function' ||
    !inside.serializers ||
    !inside.parsers
  )
    return;
  const { serialize } = protocol;
  /** Each kept statement's parameter types, by name. */
  const named = new Map<string, number[]>();
  const send = (message: Uint8Array) => client.execProtocolStream(message, { syncToFs: false });
  const joined = (parts: Uint8Array[]) => {
    const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      all.set(p, at);
      at += p.length;
    }
    return all;
  };

  /**
   * The parsers a statement's answer is read with: PGlite's own, with the caller's on top.
   * PGlite merges them for every answer, into an object so slow to read that Drizzle's few
   * overrides made reading 50 rows 10× slower (237 against 23 µs); merged once per set of
   * overrides here (by their type ids and source text, as Drizzle makes new ones per query).
   */
  const tables = new Map<string, ParserTable>();
  const parsersFor = (overrides: ParserTable | undefined): ParserTable => {
    const key = overrides
      ? Object.entries(overrides)
          .map(([id, parser]) => `${id}:${parser}`)
          .join('\n')
      : '';
    let table = tables.get(key);
    if (!table) {
      table = { ...inside.parsers, ...overrides };
      tables.set(key, table);
    }
    return table;
  };

  /**
   * Runs a statement under the query lock (the caller holds the transaction's, or is a
   * transaction): a kept one (`name`) parsed once, any other ('') parsed as it runs.
   */
  const run = <T>(name: string, text: string, params: unknown[], options?: QueryOptions) =>
    inside._runExclusiveQuery(async () => {
      try {
        let types = named.get(name);
        if (!types) {
          try {
            const described = await send(
              joined([
                serialize.parse({ name, text, types: options?.paramTypes }),
                serialize.describe({ type: 'S', name }),
                serialize.sync(),
              ]),
            );
            types = parse.parseDescribeStatementResults(described);
          } catch (error) {
            // Not kept: the name is free for the next try (closing an unknown name is no error).
            if (name) await send(joined([serialize.close({ type: 'S', name }), serialize.sync()])).catch(() => {});
            throw error;
          }
          if (name) named.set(name, types);
        }
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const write = options?.serializers?.[types[i]] ?? inside.serializers[types[i]];
          return write ? write(value) : String(value);
        });
        const messages = await send(
          joined([
            serialize.bind({ statement: name, values }),
            serialize.describe({ type: 'P' }),
            serialize.execute({}),
            serialize.sync(),
          ]),
        );
        const { parsers, ...rest } = options ?? {};
        return parse.parseResults(messages, parsersFor(parsers as ParserTable | undefined), rest)[0] as Results<T>;
      } catch (error) {
        // As PGlite's own query says which statement failed.
        if (error instanceof Error) Object.assign(error, { query: text, params });
        throw error;
      }
    });
  /** The name a statement runs under: its kept name, '' (unnamed), or undefined (PGlite's own query: a file). */
  const nameOf = (text: string, params: unknown[] | undefined, options: QueryOptions | undefined) => {
    if (options?.blob) return undefined;
    const name = keptName(text, params);
    return name && (named.has(name) || named.size < PREPARED_PER_CONNECTION) ? name : '';
  };

  const query = client.query.bind(client) as Query;
  client.query = (async <T>(text: string, params?: unknown[], options?: QueryOptions) => {
    const name = nameOf(text, params, options);
    if (name === undefined) return query<T>(text, params, options);
    await inside._checkReady();
    return inside._runExclusiveTransaction(async () => {
      const result = await run<T>(name, text, params ?? [], options);
      await client.syncToFs();
      return result;
    });
  }) as Query;

  const transaction = client.transaction.bind(client);
  client.transaction = <T>(work: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx) as Query;
      tx.query = (async <R>(text: string, params?: unknown[], options?: QueryOptions) => {
        const name = nameOf(text, params, options);
        if (name === undefined) return txQuery<R>(text, params, options);
        if (tx.closed) throw new Error('Transaction is closed');
        return run<R>(name, text, params ?? [], options);
      }) as Query;
      return work(tx);
    });
}
