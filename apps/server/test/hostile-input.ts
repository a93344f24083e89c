import type { Call } from '@wd/contracts';
import * as contracts from '@wd/contracts';
import fc from 'fast-check';
import type { z } from 'zod';

/**
 * Hostile input for every call of the table (the bad-input tests): bad input never reaches a 500 (docs/api.md, "Bad input"). Every
 * call of the table of calls, the day it is added, gets hostile requests
 * generated from its own params and body schemas: NUL bytes, lone UTF-16
 * surrogates, ids past 2^31 − 1, money past $21,474,836.47, 2^53 ± 1, 1e20,
 * negative amounts, prototype keys as sort columns, page 2^53 − 1, wrong
 * types, missing fields, very long text. Each answer must be below 500; every
 * error must be `{ message, field? }` without SQL or a stack; and a call
 * answering 4xx must leave the data as it was.
 *
 * Reproduce a failure with the seed it prints: BAD_INPUT_SEED=<seed>;
 * BAD_INPUT_RUNS sets the requests per call (default 8); BAD_INPUT_STATS=1
 * prints the statuses each call answered (how deep the requests went).
 */
export const SEED = Number(process.env.BAD_INPUT_SEED ?? 13);
export const RUNS = Number(process.env.BAD_INPUT_RUNS ?? 8);

/** Every call of the table of calls (every `…Calls` export of contracts). */
export const table: [string, Call][] = Object.entries(contracts)
  .filter(([name, value]) => name.endsWith('Calls') && typeof value === 'object' && value !== null)
  .flatMap(([area, calls]) =>
    Object.entries(calls as Record<string, Call>).map(([n, c]) => [`${area}.${n}`, c] as [string, Call]),
  );

/** Calls that remove records run last, so the others still find the records they point at. */
const removes = (c: Call) => c.method === 'DELETE' || /\/delete\b/.test(c.path);
export const probed = table
  .filter(([, c]) => c.params || c.body)
  .sort(([, a], [, b]) => Number(removes(a)) - Number(removes(b)));

// ---------------------------------------------------------------- the hostile values

export const MISSING = Symbol('missing');
export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty'];
export const HOSTILE_TEXT = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  'end\ud83d',
  '',
  '   ',
  'x'.repeat(20_000),
  "'; drop table invoices; --",
  '%',
  '\\',
  ...PROTOTYPE_KEYS,
];
export const HOSTILE_NUMBERS = [
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31) - 1,
  2 ** 53 - 1,
  2 ** 53 + 1,
  -(2 ** 53) - 1,
  1e20,
  -1e20,
  -1,
  -0.01,
  0,
  1.5,
  0.001,
  21_474_836.47,
  21_474_836.48,
  -21_474_836.48,
  100_000,
  -100_000,
  10_001,
  1_000_001,
];
export const HOSTILE_ANY = [MISSING, null, {}, [], 'text', -1, true, { __proto__: { admin: true } }];
/** Path parameters arrive as text. */
export const HOSTILE_PARAMS = [
  '0',
  '-1',
  '2147483648',
  '9007199254740991',
  '9007199254740993',
  '1e20',
  'abc',
  '\u0000',
  '1\u0000',
  '1.5',
  ' 1',
  '0x10',
  'x'.repeat(300),
  ...PROTOTYPE_KEYS,
];

const textArb = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  { weight: 1, arbitrary: fc.tuple(fc.string(), fc.string()).map(([a, b]) => `${a}\u0000${b}`) },
  { weight: 1, arbitrary: fc.tuple(fc.string(), fc.string()).map(([a, b]) => `${a}\udc00${b}`) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
);
const numberArb = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 1, arbitrary: fc.integer({ min: -(2 ** 40), max: 2 ** 40 }) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
);
const anyArb = fc.oneof(
  fc.constantFrom(...HOSTILE_ANY),
  fc.constantFrom('1', '2147483648', 'true', '2026-02-30', '0000-00-00'),
);

// ---------------------------------------------------------------- reading a schema

type Def = { type: string; [key: string]: unknown };
const def = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** The schema a value is checked by, without optional/default/nullable/preprocess wrappers. */
export function core(schema: z.ZodType): z.ZodType {
  let s = schema;
  for (let i = 0; i < 10; i++) {
    const d = def(s);
    if (d.type === 'optional' || d.type === 'default' || d.type === 'nullable' || d.type === 'prefault') {
      s = d.innerType as z.ZodType;
    } else if (d.type === 'pipe') {
      const input = d.in as z.ZodType;
      s = def(input).type === 'transform' ? (d.out as z.ZodType) : input;
    } else if (d.type === 'union') {
      // The first option that is not a literal ('' or 0 as "none") says what the field is.
      const options = d.options as z.ZodType[];
      s = options.find((o) => def(o).type !== 'literal') ?? options[0];
    } else break;
  }
  return s;
}

/** A value the field most likely takes, so hostile values elsewhere reach the service. */
const CANDIDATES: Record<string, unknown[]> = {
  string: ['Test name', '2026-11-20', 'probe@example.com', '123', '555-0100', 'asc', 'probe.user'],
  number: [1, 2, 1.5, 10, 2026, 0],
  boolean: [false, true],
};

/** Fields whose valid values the candidates do not cover. */
const NAMED: Record<string, unknown> = { barcode: '03600029145' };

export function sample(schema: z.ZodType, name = ''): unknown {
  if (name in NAMED) return NAMED[name];
  const c = core(schema);
  const d = def(c);
  switch (d.type) {
    case 'object': {
      const shape = d.shape as Record<string, z.ZodType>;
      return Object.fromEntries(Object.entries(shape).map(([k, s]) => [k, sample(s, k)]));
    }
    case 'array':
      return schema.safeParse([]).success ? [] : [sample(d.element as z.ZodType)];
    case 'enum':
      return Object.values(d.entries as Record<string, unknown>)[0];
    case 'literal':
      return (d.values as unknown[])[0];
    default: {
      const candidates = CANDIDATES[d.type] ?? [undefined];
      return candidates.find((v) => schema.safeParse(v).success) ?? candidates[0];
    }
  }
}

interface Leaf {
  path: string[];
  schema: z.ZodType;
}

/** The fields of a body (nested objects walked), each a place a hostile value goes. */
export function leaves(schema: z.ZodType, path: string[] = []): Leaf[] {
  const c = core(schema);
  if (def(c).type !== 'object') return [{ path, schema }];
  const shape = def(c).shape as Record<string, z.ZodType>;
  return Object.entries(shape).flatMap(([k, s]) => leaves(s, [...path, k]));
}

/** A hostile value for one field, by what the field is. */
export function hostileFor(leaf: Leaf): fc.Arbitrary<unknown> {
  const c = core(leaf.schema);
  const d = def(c);
  switch (d.type) {
    case 'string':
      return fc.oneof({ weight: 5, arbitrary: textArb }, { weight: 1, arbitrary: anyArb });
    case 'number': {
      // The field's own bounds are valid alone, and together (quantity × price) may not be.
      const bag = (c as unknown as { _zod: { bag: { minimum?: number; maximum?: number } } })._zod.bag;
      const bounds = [bag.minimum, bag.maximum].filter((v): v is number => Number.isFinite(v));
      return fc.oneof(
        { weight: 4, arbitrary: numberArb },
        ...(bounds.length ? [{ weight: 3, arbitrary: fc.constantFrom(...bounds) }] : []),
        { weight: 1, arbitrary: anyArb },
      );
    }
    case 'array': {
      const element = d.element as z.ZodType;
      const template = sample(element);
      const inner = leaves(element);
      const mutatedElement =
        inner.length > 0 && typeof template === 'object' && template !== null
          ? fc.constantFrom(...inner).chain((l) => hostileFor(l).map((v) => [withValue(template, l.path, v)]))
          : hostileFor({ path: [], schema: element }).map((v) => [v]);
      return fc.oneof(
        { weight: 4, arbitrary: mutatedElement },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            [],
            Array.from({ length: 10_001 }, () => template),
          ),
        },
        { weight: 1, arbitrary: anyArb },
      );
    }
    default:
      return anyArb;
  }
}

/** A copy of `value` with the field at `path` set (or removed for MISSING). */
export function withValue(value: unknown, path: string[], v: unknown): unknown {
  if (path.length === 0) return v;
  const copy: Record<string, unknown> =
    typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...(value as object) } : {};
  const [head, ...rest] = path;
  if (rest.length === 0 && v === MISSING) delete copy[head];
  else copy[head] = withValue(copy[head], rest, v);
  return copy;
}

/** A request for a call: its params and body from the schemas, one to three fields (or the whole body) hostile. */
export function requests(call: Call) {
  const paramsArb: fc.Arbitrary<Record<string, unknown> | undefined> = call.params
    ? (() => {
        const base = sample(call.params) as Record<string, unknown>;
        const keys = Object.keys(base);
        const hostile = fc
          .constantFrom(...keys)
          .chain((k) =>
            fc
              .oneof(fc.constantFrom(...HOSTILE_PARAMS), textArb)
              .map((v) => ({ ...base, [k]: v }) as Record<string, unknown>),
          );
        // With a body to spoil, the params are sometimes the right ones.
        return call.body ? fc.oneof(fc.constant(base), hostile) : hostile;
      })()
    : fc.constant(undefined);
  const bodyArb: fc.Arbitrary<unknown> = call.body
    ? (() => {
        const base = sample(call.body);
        const fields = leaves(call.body);
        const mutation = fc.constantFrom(...fields).chain((l) => hostileFor(l).map((v) => [l.path, v] as const));
        // Mostly one field at a time (the rest valid, so the request reaches the service), sometimes a few.
        const count = fc.oneof(
          { weight: 3, arbitrary: fc.constant(1) },
          { weight: 2, arbitrary: fc.integer({ min: 2, max: 3 }) },
        );
        const mutated = count
          .chain((n) => fc.array(mutation, { minLength: n, maxLength: n }))
          .map((ms) => ms.reduce<unknown>((body, [path, v]) => withValue(body, path, v), base));
        const whole = fc.constantFrom(null, [], 'text', 42, {}, { __proto__: { currentPage: 2 } });
        return fc.oneof({ weight: 6, arbitrary: mutated }, { weight: 1, arbitrary: whole });
      })()
    : fc.constant(undefined);
  return fc.record({ params: paramsArb, body: bodyArb });
}

// ---------------------------------------------------------------- the checks
