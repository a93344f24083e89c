import type { Call } from '@wd/contracts';
import { callPath } from '@wd/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { createProduct } from './catalog.js';
import { testApp } from './helpers.js';
import { sample, table } from './hostile-input.js';

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

/**
 * The app the bad-input tests probe (one per test file): a second admin makes the requests, and
 * two records of each kind exist, so valid ids reach the services.
 */
export function badInputApp() {
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
      await admin('POST', '/api/expenses/insert/', {
        date: '2026-11-20',
        billerID: 1,
        expense: `Probe ${i}`,
        amount: 5,
      });
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
  return { t, token: () => token, stats, send, ok, checksum, urlOf, sortedLists, listUrl };
}
