import type { Db } from '../src/db/client.js';

export interface Scenario {
  name: string;
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  body?: unknown;
  connections?: number;
}

/** What is measured; each area adds the calls a user waits on. */
export async function scenarios(_ctx: { address: string; token: string; db: Db }): Promise<Scenario[]> {
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
  ];
}
