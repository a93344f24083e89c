import type { Db } from '../src/db/client.js';
import { products } from '../src/db/schema/index.js';

export interface Scenario {
  name: string;
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  body?: unknown;
  connections?: number;
}

/** What is measured; each area adds the calls a user waits on. */
export async function scenarios({ db }: { address: string; token: string; db: Db }): Promise<Scenario[]> {
  const [sample] = await db.select({ barcode: products.barcode }).from(products).limit(1).offset(40);
  return [
    { name: 'health (no auth)', method: 'GET', path: '/api/health' },
    { name: 'user/token (session check)', method: 'POST', path: '/api/user/token/' },
    {
      name: 'user/all page 1, search+sort',
      method: 'POST',
      path: '/api/user/all/',
      body: {
        currentPage: 1,
        resultsPerPage: 25,
        searchQuery: 'a',
        sortingList: [{ column: 'username', order: 'asc' }],
      },
    },
    {
      name: 'product/filter scan (barcode, -0)',
      method: 'POST',
      path: '/api/product/filter/',
      body: { searchQuery: sample.barcode.slice(1), resultsPerPage: 5 },
    },
    {
      name: 'product/all page 3, search+sort',
      method: 'POST',
      path: '/api/product/all/',
      body: {
        currentPage: 3,
        resultsPerPage: 25,
        searchQuery: 'oz',
        sortingList: [{ column: 'sellingPrice', order: 'desc' }],
      },
    },
    { name: 'priceGroup/2 items page 1', method: 'POST', path: '/api/priceGroup/2/', body: { resultsPerPage: 25 } },
  ];
}
