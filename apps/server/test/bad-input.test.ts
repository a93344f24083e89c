import * as contracts from '@wd/contracts';
import { type Call, callPath } from '@wd/contracts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createProduct } from './catalog.js';
import { testApp } from './helpers.js';

/**
 * Bad input never reaches a 500 (docs/api.md, "Bad input"). Every
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

const SEED = Number(process.env.BAD_INPUT_SEED ?? 13);
const RUNS = Number(process.env.BAD_INPUT_RUNS ?? 8);

/** Every call of the table of calls (every `…Calls` export of contracts). */
const table: [string, Call][] = Object.entries(contracts)
  .filter(([name, value]) => name.endsWith('Calls') && typeof value === 'object' && value !== null)
  .flatMap(([area, calls]) =>
    Object.entries(calls as Record<string, Call>).map(([n, c]) => [`${area}.${n}`, c] as [string, Call]),
  );

/** Calls that remove records run last, so the others still find the records they point at. */
const removes = (c: Call) => c.method === 'DELETE' || /\/delete\b/.test(c.path);
const probed = table
  .filter(([, c]) => c.params || c.body)
  .sort(([, a], [, b]) => Number(removes(a)) - Number(removes(b)));

// ---------------------------------------------------------------- the hostile values

const MISSING = Symbol('missing');
const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty'];
const HOSTILE_TEXT = [
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
const HOSTILE_NUMBERS = [
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
const HOSTILE_ANY = [MISSING, null, {}, [], 'text', -1, true, { __proto__: { admin: true } }];
/** Path parameters arrive as text. */
const HOSTILE_PARAMS = [
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
function core(schema: z.ZodType): z.ZodType {
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

function sample(schema: z.ZodType, name = ''): unknown {
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
function leaves(schema: z.ZodType, path: string[] = []): Leaf[] {
  const c = core(schema);
  if (def(c).type !== 'object') return [{ path, schema }];
  const shape = def(c).shape as Record<string, z.ZodType>;
  return Object.entries(shape).flatMap(([k, s]) => leaves(s, [...path, k]));
}

/** A hostile value for one field, by what the field is. */
function hostileFor(leaf: Leaf): fc.Arbitrary<unknown> {
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
function withValue(value: unknown, path: string[], v: unknown): unknown {
  if (path.length === 0) return v;
  const copy: Record<string, unknown> =
    typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...(value as object) } : {};
  const [head, ...rest] = path;
  if (rest.length === 0 && v === MISSING) delete copy[head];
  else copy[head] = withValue(copy[head], rest, v);
  return copy;
}

/** A request for a call: its params and body from the schemas, one to three fields (or the whole body) hostile. */
function requests(call: Call) {
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

/** What an answer must never show: SQL, database errors, stack frames, file paths. */
const LEAKS = [
  /\bselect\b[\s\S]*\bfrom\b/i,
  /\binsert into\b/i,
  /syntax error at or near/i,
  /violates .* constraint/i,
  /invalid input syntax/i,
  /out of range for type/i,
  /invalid byte sequence/i,
  /\n\s+at .+:\d+/,
  /node_modules|\.ts:\d+|\.js:\d+/,
  /Drizzle|PGlite|postgres/i,
];

/** The tables a refused call must leave as they were (sessions and sign-in failures may change). */
const TABLES = [
  'users',
  'settings',
  'products',
  'product_groups',
  'price_groups',
  'price_group_items',
  'billers',
  'customers',
  'distributors',
  'expenses',
  'invoices',
  'invoice_items',
  'payments',
  'distributor_invoices',
  'distributor_payments',
  'barcode_items',
  'files',
  'outbox',
  'audit_log',
];

const t = testApp();
let token = '';
const stats: Record<string, string> = {};
afterAll(() => {
  if (process.env.BAD_INPUT_STATS) console.log(stats);
});

/** Row count and a hash of every row of every table: equal when no row was added, changed or removed. */
async function checksum(): Promise<string> {
  const parts = TABLES.map(
    (name) =>
      sql`select ${name} as t, count(*)::text || ':' || coalesce(sum(hashtext(x::text)::bigint), 0)::text as h from ${sql.identifier(name)} x`,
  );
  const query = sql.join(parts, sql` union all `);
  const result = (await t.database.db.execute(query)) as unknown as { rows: { t: string; h: string }[] };
  return result.rows.map((r) => `${r.t}=${r.h}`).join(' ');
}

function urlOf(call: Call, params: Record<string, unknown> | undefined): string | undefined {
  try {
    return `/api/${callPath(call, params)}`;
  } catch {
    // An empty path parameter is no URL of this call; a lone surrogate can not be percent-encoded.
    return undefined;
  }
}

beforeAll(async () => {
  // A second admin makes the requests, so that user/update (ids 1 to 3) can not take its rights away.
  await t.createUser('victim2');
  await t.createUser('victim3');
  token = (await t.createUser('probe', 'admin')).token;
  // One record of each kind (ids 1 and 2 exist in most tables), so valid ids reach the services.
  const admin = (method: string, url: string, body?: unknown) =>
    t.call(method as 'POST', url, body, t.adminToken).then((res) => {
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.body}`);
      return res.json();
    });
  for (const i of [1, 2]) {
    const product = await createProduct(t);
    await admin('POST', '/api/customer/new/', { company: `Probe store ${i}`, priceGroupID: 1 });
    await admin('POST', '/api/distributor/insert/', { company: `Probe supplier ${i}` });
    await admin('POST', '/api/productGroup/new/', {
      name: `Probe group ${i}`,
      costPrice: 1,
      sellingPrice: 2,
      suggestedRetailPrice: 3,
    });
    const priceGroup = (await admin('POST', '/api/priceGroup/new/', { name: `Probe prices ${i}` })).priceGroup;
    const invoice = (await admin('POST', '/api/invoice/new/invoice/')).invoice;
    await admin('POST', '/api/invoice/insert/', { invoiceID: invoice.id, productID: product.id });
    await admin('POST', '/api/payment/insert/', {
      invoiceID: invoice.id,
      date: '2026-11-20',
      paymentType: 'cash',
      amountPaid: 0.5,
    });
    const supplierInvoice = (
      await admin('POST', '/api/distributor/invoices/insert/', {
        date: '2026-11-20',
        distributorID: 1,
        invoiceNo: `${100 + i}`,
        amountPurchase: 10,
      })
    ).distributorInvoice;
    await admin('POST', '/api/distributorPayment/insert/', {
      invoiceID: supplierInvoice.id,
      date: '2026-11-20',
      paymentType: 'cash',
      amountPaid: 1,
    });
    await admin('POST', '/api/expenses/insert/', { date: '2026-11-20', billerID: 1, expense: `Probe ${i}`, amount: 5 });
    await admin('POST', '/api/priceGroup/insert/', {
      priceGroupID: priceGroup.id,
      productID: product.id,
      price: 1,
      suggestedRetailPrice: 2,
    });
    await t.call('POST', '/api/barcode/insert/', { productID: product.id, quantity: 2 }, token);
  }
});

/** A call as the probing admin; answers status and JSON. */
async function send(method: string, url: string, body?: unknown) {
  const res = await t.call(method as 'POST', url, body, token);
  return { status: res.statusCode, json: res.body ? res.json() : undefined };
}
const ok = async (method: string, url: string, body?: unknown) => {
  const res = await send(method, url, body);
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.json)}`);
  return res.json;
};
/** The list calls that take a sortingList, with a URL that names existing records. */
const sortedLists = table.filter(([, c]) => c.body && 'sortingList' in ((sample(c.body) as object) ?? {}));
const listUrl = (call: Call) => `/api/${callPath(call, { id: 1, name: 'admin', type: 'invoice' })}`;

describe('each cause of the audit is a 400 naming the field', () => {
  it('a NUL byte or a lone surrogate in text, a search or a path parameter', async () => {
    for (const company of ['Acme\u0000', 'Acme \ud800', '\udc00Acme']) {
      const res = await send('POST', '/api/customer/new/', { company });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({
        message: company.includes('\u0000')
          ? 'company must not contain NUL characters'
          : 'company must not contain unpaired UTF-16 surrogates',
        field: 'company',
      });
    }
    expect(await send('POST', '/api/invoice/all/', { searchQuery: 'a\u0000' })).toEqual({
      status: 400,
      json: { message: 'searchQuery must not contain NUL characters', field: 'searchQuery' },
    });
    expect((await send('POST', '/api/user/ad%00min/')).json).toEqual({
      message: 'name must not contain NUL characters',
      field: 'name',
    });
    // A pair of surrogates is one character (an emoji), and welcome.
    const smile = (await ok('POST', '/api/customer/new/', { company: 'Smile 😀 Store' })).customer;
    expect(smile.company).toBe('Smile 😀 Store');
  });

  it('ids beyond 2^31 − 1 in a path or a body', async () => {
    for (const id of ['2147483648', '9007199254740993']) {
      expect(await send('POST', `/api/customer/${id}/`)).toEqual({
        status: 400,
        json: { message: 'id must be a number ≤ 2147483647', field: 'id' },
      });
    }
    expect((await send('POST', '/api/customer/2147483647/')).status).toBe(404);
    expect((await send('POST', '/api/invoice/insert/', { invoiceID: 2 ** 31, productID: 1 })).json).toEqual({
      message: 'invoiceID must be a number ≤ 2147483647',
      field: 'invoiceID',
    });
    expect((await send('POST', '/api/product/delete/', { ids: [1, 2 ** 31] })).json).toEqual({
      message: 'ids.1 must be a number ≤ 2147483647',
      field: 'ids.1',
    });
  });

  it('money above $21,474,836.47, 2^53 + 1 or 1e20 on every money field', async () => {
    const expense = { date: '2026-11-20', billerID: 1, expense: 'Rent' };
    for (const amount of [21_474_836.48, 2 ** 53 + 1, 1e20]) {
      expect(await send('POST', '/api/expenses/insert/', { ...expense, amount })).toEqual({
        status: 400,
        json: { message: 'amount must be a number ≤ 21474836.47', field: 'amount' },
      });
    }
    expect((await ok('POST', '/api/expenses/insert/', { ...expense, amount: 21_474_836.47 })).expense.amount).toBe(
      21_474_836.47,
    );
  });

  it('quantity × price past the column on an invoice line: 400, rolled back, nothing changed', async () => {
    const product = await createProduct(t, { costPrice: 1, sellingPrice: 2, suggestedRetailPrice: 3 });
    const invoice = (await ok('POST', '/api/invoice/new/invoice/')).invoice;
    const line = (await ok('POST', '/api/invoice/insert/', { invoiceID: invoice.id, productID: product.id }))
      .invoiceItem;
    const before = await checksum();
    const change = { id: line.id, invoiceID: invoice.id };
    expect(
      await send('PATCH', '/api/invoice/update/item/', { ...change, quantity: 100_000, sellingPrice: 21_474_836.47 }),
    ).toEqual({
      status: 400,
      json: {
        message:
          "This line's quantity × sellingPrice would be more than $21,474,836.47, beyond what an amount can hold",
        field: 'quantity',
      },
    });
    // The cost stays the product's: 100,000 × $1 fits, and so does the price; the suggested retail does not.
    expect(
      (
        await send('PATCH', '/api/invoice/update/item/', {
          ...change,
          quantity: -100_000,
          suggestedRetailPrice: 21_474_836.47,
        })
      ).json,
    ).toMatchObject({
      message:
        "This line's quantity × suggestedRetailPrice would be less than -$21,474,836.47, beyond what an amount can hold",
    });
    expect(await checksum()).toBe(before);
    // Each line fits, their sum does not: the invoice's total is refused and the line change rolled back.
    const second = (await ok('POST', '/api/invoice/insert/', { invoiceID: invoice.id, productID: product.id }))
      .invoiceItem;
    await ok('PATCH', '/api/invoice/update/item/', { ...change, quantity: 1, sellingPrice: 21_474_834.47 });
    const full = await checksum();
    expect(
      await send('PATCH', '/api/invoice/update/item/', {
        id: second.id,
        invoiceID: invoice.id,
        quantity: 1,
        sellingPrice: 2.01,
      }),
    ).toEqual({
      status: 400,
      json: { message: "The invoice's total would be more than $21,474,836.47, beyond what an amount can hold" },
    });
    expect(await checksum()).toBe(full);
    const summary = await ok('POST', `/api/invoice/summary/${invoice.id}/`);
    expect(summary.invoiceSummary.total).toBe(21_474_836.47);
  });

  it('adding a line (a new one, or a scan merged into one) checks the line and the total too', async () => {
    const dear = await createProduct(t, {
      costPrice: 1,
      sellingPrice: 21_474_836.47,
      suggestedRetailPrice: 21_474_836.47,
    });
    const invoice = (await ok('POST', '/api/invoice/new/invoice/')).invoice;
    const add = () => send('POST', '/api/invoice/insert/', { invoiceID: invoice.id, productID: dear.id });
    expect((await add()).status).toBe(200);
    const one = await checksum();
    expect(await add()).toEqual({
      status: 400,
      json: { message: "The invoice's total would be more than $21,474,836.47, beyond what an amount can hold" },
    });
    expect(await checksum()).toBe(one);
    await ok('PATCH', '/api/invoice/update/', { id: invoice.id, mergeInvoiceItems: 1 });
    const merged = await checksum();
    expect(await add()).toEqual({
      status: 400,
      json: {
        message:
          "This line's quantity × sellingPrice would be more than $21,474,836.47, beyond what an amount can hold",
        field: 'quantity',
      },
    });
    expect(await checksum()).toBe(merged);
  });

  it('payments past the column, and negative payments, are refused', async () => {
    const invoice = (await ok('POST', '/api/invoice/new/invoice/')).invoice;
    const pay = { invoiceID: invoice.id, date: '2026-11-20', paymentType: 'cash' };
    for (const url of ['/api/payment/insert/', '/api/distributorPayment/insert/']) {
      expect((await send('POST', url, { ...pay, amountPaid: -5 })).json).toEqual({
        message: 'amountPaid must be a number ≥ 0',
        field: 'amountPaid',
      });
    }
    const first = (await ok('POST', '/api/payment/insert/', { ...pay, amountPaid: 21_474_836.47 })).payment;
    expect((await send('PATCH', '/api/payment/update/', { id: first.id, amountPaid: -1 })).json).toEqual({
      message: 'amountPaid must be a number ≥ 0',
      field: 'amountPaid',
    });
    const before = await checksum();
    // The balance after it (−$21,474,836.47 − $1) no longer fits: nothing is stored.
    expect(await send('POST', '/api/payment/insert/', { ...pay, amountPaid: 1 })).toEqual({
      status: 400,
      json: {
        message: "The payment's amountDue would be less than -$21,474,836.47, beyond what an amount can hold",
        field: 'amountPaid',
      },
    });
    expect(await checksum()).toBe(before);

    const supplierInvoice = (
      await ok('POST', '/api/distributor/invoices/insert/', {
        date: '2026-11-20',
        distributorID: 1,
        invoiceNo: '990',
        amountPurchase: 1,
      })
    ).distributorInvoice;
    const spay = { ...pay, invoiceID: supplierInvoice.id };
    const paid = (await ok('POST', '/api/distributorPayment/insert/', { ...spay, amountPaid: 21_474_836.47 })).payment;
    expect((await send('PATCH', '/api/distributorPayment/update/', { id: paid.id, amountPaid: -1 })).status).toBe(400);
    const beforeSupplier = await checksum();
    expect(await send('POST', '/api/distributorPayment/insert/', { ...spay, amountPaid: 21_474_836.47 })).toMatchObject(
      {
        status: 400,
        json: { message: expect.stringMatching(/would be (more|less) than/) },
      },
    );
    expect(await checksum()).toBe(beforeSupplier);
  });

  it('currentPage 2^53 − 1 is refused; the last page allowed answers no rows', async () => {
    expect(await send('POST', '/api/invoice/all/', { currentPage: 2 ** 53 - 1 })).toEqual({
      status: 400,
      json: { message: 'currentPage must be a number ≤ 1000000', field: 'currentPage' },
    });
    const last = await ok('POST', '/api/invoice/all/', { currentPage: 1_000_000, resultsPerPage: 100_000 });
    expect(last.invoices).toEqual([]);
    expect(last.currentPage).toBe(1_000_000);
  });

  it.each(sortedLists)('%s refuses prototype keys and unknown columns as sort columns', async (_, call) => {
    for (const column of [...PROTOTYPE_KEYS, 'nope']) {
      const res = await send('POST', listUrl(call), { sortingList: [{ column, order: 'asc' }] });
      expect(res.status, `${call.path} sorted by ${column}: ${JSON.stringify(res.json)}`).toBe(400);
      expect(res.json.field).toBe('sortingList');
    }
  });

  it('barcode/all and priceGroup/all/productGroups sort by the column asked for', async () => {
    const labels = async (order: 'asc' | 'desc') =>
      (await ok('POST', '/api/barcode/all/', { sortingList: [{ column: 'id', order }] })).barcodeItems.map(
        (i: { id: number }) => i.id,
      );
    const up = await labels('asc');
    expect(up.length).toBeGreaterThan(1);
    expect(await labels('desc')).toEqual([...up].reverse());
    const groups = async (order: 'asc' | 'desc') =>
      (
        await ok('POST', '/api/priceGroup/all/productGroups/1/', { sortingList: [{ column: 'id', order }] })
      ).productGroups.map((g: { id: number }) => g.id);
    const ids = await groups('asc');
    expect(ids.length).toBeGreaterThan(1);
    expect(await groups('desc')).toEqual([...ids].reverse());
  });

  it('the file routes outside the table of calls answer 4xx to the same values', async () => {
    for (const url of [
      '/images/cheques/%00.jpg',
      '/images/cheques/PAY-%ED%A0%80.jpg',
      '/images/barcodes/%00.png',
      '/images/billers/2147483648',
      '/images/billers/9007199254740993',
      '/files/resaleCertificates/Resale_Certificate_99999999999.jpg',
    ]) {
      const res = await t.call('GET', url, undefined, token);
      expect(res.statusCode, `${url}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(500);
      expect(Object.keys(res.json())).toContain('message');
    }
  });

  it('an update with nothing to change is a 400', async () => {
    const invoice = (await ok('POST', '/api/invoice/new/invoice/')).invoice;
    for (const url of ['/api/invoice/update/', '/api/user/update/']) {
      expect(await send('PATCH', url, { id: url.includes('user') ? 2 : invoice.id })).toEqual({
        status: 400,
        json: { message: 'body must hold at least one field to change besides id', field: 'body' },
      });
    }
  });
});

describe('bad input never reaches a 500', () => {
  it('walks every call of the table', () => {
    expect(probed.length).toBeGreaterThan(100);
  });

  it.each(probed)(
    '%s: hostile params and bodies answer below 500, as { message }, without SQL, changing nothing when refused',
    async (_, call) => {
      let before = await checksum();
      await fc.assert(
        fc.asyncProperty(requests(call), async ({ params, body }) => {
          const url = urlOf(call, params);
          if (!url) return;
          const res = await t.app.inject({
            method: call.method,
            url,
            headers: { token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
            ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
          });
          if (process.env.BAD_INPUT_STATS) {
            const key = `${call.method} ${call.path}`;
            stats[key] = `${stats[key] ?? ''} ${res.statusCode}`;
          }
          const what = `${call.method} ${url} ${JSON.stringify(body)?.slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
          expect(res.statusCode, what).toBeLessThan(500);
          const json = (res.headers['content-type'] ?? '').toString().startsWith('application/json');
          if (json) for (const leak of LEAKS) expect(res.body, what).not.toMatch(leak);
          const after = await checksum();
          if (res.statusCode >= 400) {
            expect(json, what).toBe(true);
            const answer = res.json();
            expect(
              Object.keys(answer).filter((k) => k !== 'message' && k !== 'field'),
              what,
            ).toEqual([]);
            expect(typeof answer.message, what).toBe('string');
            expect(answer.message.length, what).toBeGreaterThan(0);
            if ('field' in answer) expect(typeof answer.field, what).toBe('string');
            expect(after, `${what}: data changed`).toBe(before);
          }
          before = after;
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
    },
    60_000,
  );
});
