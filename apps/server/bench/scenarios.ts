import { todayIn } from '@wd/contracts';
import { asc, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { customers, products } from '../src/db/schema/index.js';
import { dashboardScenarios } from './dashboard.js';
import type { BenchRequest } from './load.js';
import { stockScenarios } from './stock.js';

/** One call with one body, as the area files (dashboard.ts) describe theirs. */
export interface Scenario {
  name: string;
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  body?: unknown;
}

export interface BenchScenario {
  name: string;
  method: 'GET' | 'POST' | 'PATCH';
  /** Cycled through by the clients (several ids or barcodes, as real users send). */
  requests: BenchRequest[];
  /** Time the SQL the call runs (read-only calls). */
  sql?: boolean;
}

const post = (name: string, path: string, body: unknown = {}): BenchScenario => ({
  name,
  method: 'POST',
  requests: [{ path, body }],
  sql: true,
});

/** What is measured at 1 and 10 clients; each area adds the calls a user waits on. */
export async function scenarios({ db }: { db: Db }): Promise<BenchScenario[]> {
  const sample = await db
    .select({ id: products.id, barcode: products.barcode })
    .from(products)
    .where(isNull(products.deletedAt))
    .orderBy(asc(products.id))
    .limit(50)
    .offset(40);
  const [store] = await db
    .select({ company: customers.company })
    .from(customers)
    .where(isNotNull(customers.company))
    .orderBy(asc(customers.id))
    .limit(1)
    .offset(Math.floor(sample.length / 2));
  const [year, month] = todayIn('America/Chicago').split('-').map(Number);
  const last = month === 1 ? { month: 12, year: year - 1 } : { month: month - 1, year };
  const reports = ['product', 'customer', 'customerSummary', 'biller', 'damagedGoods'];
  return [
    {
      name: 'product/{id}',
      method: 'POST',
      requests: sample.map((p) => ({ path: `/api/product/${p.id}/` })),
      sql: true,
    },
    {
      name: 'product/filter by barcode (scan lookup)',
      method: 'POST',
      requests: sample.map((p) => ({
        path: '/api/product/filter/',
        body: { searchQuery: p.barcode, resultsPerPage: 5 },
      })),
      sql: true,
    },
    post('invoice/all default', '/api/invoice/all/'),
    post(`invoice/all search '${store.company}'`, '/api/invoice/all/', { searchQuery: store.company }),
    post(`invoice/all ${last.month}/${last.year}`, '/api/invoice/all/', last),
    post('invoice/all sorted by total', '/api/invoice/all/', { sortingList: [{ column: 'total', order: 'desc' }] }),
    post('invoice/all page 5000', '/api/invoice/all/', { currentPage: 5000 }),
    post('customer/all', '/api/customer/all/'),
    ...reports.map((r) => post(`reports/${r} default`, `/api/reports/${r}/`)),
    { name: 'user/token (session check)', method: 'POST', requests: [{ path: '/api/user/token/' }] },
    post('product/all page 3, search+sort', '/api/product/all/', {
      currentPage: 3,
      resultsPerPage: 25,
      searchQuery: 'oz',
      sortingList: [{ column: 'sellingPrice', order: 'desc' }],
    }),
    post('priceGroup/2 items page 1', '/api/priceGroup/2/', { resultsPerPage: 25 }),
    ...dashboardScenarios().map((d) => post(d.name, d.path, d.body)),
    ...(await stockScenarios({ db })),
  ];
}
