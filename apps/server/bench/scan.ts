// The scan (invoice/insert by the scanned barcode) under load: an open loop
// at an offered rate (BENCH_SCAN_RATE, default 200/s) spread over 20 draft
// invoices, then a closed loop of 20 clients each scanning into its own
// invoice. The drafts are deleted afterwards, so a reused database keeps its size.
import { asc, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { invoices, products } from '../src/db/schema/index.js';
import { type BenchRequest, type LoadResult, load } from './load.js';

const CLIENTS = 20;

export async function scanBench(opts: {
  address: string;
  token: string;
  db: Db;
  seconds: number;
}): Promise<{ name: string; result: LoadResult }[]> {
  const { address, token, db, seconds } = opts;
  const rate = Number(process.env.BENCH_SCAN_RATE ?? 200);
  const sample = await db
    .select({ barcode: products.barcode })
    .from(products)
    .where(isNull(products.deletedAt))
    .orderBy(asc(products.id))
    .limit(60);
  const ids: number[] = [];
  for (let i = 0; i < CLIENTS; i += 1) {
    const res = await fetch(`${address}/api/invoice/new/invoice/`, { method: 'POST', headers: { token } });
    if (!res.ok) throw new Error(`invoice/new: ${res.status} ${await res.text()}`);
    ids.push(((await res.json()) as { invoice: { id: number } }).invoice.id);
  }
  // Request k goes to invoice k % 20: in the closed loop client c keeps invoice c.
  const requests: BenchRequest[] = Array.from({ length: CLIENTS * sample.length }, (_, k) => ({
    path: '/api/invoice/insert/',
    body: { invoiceID: ids[k % CLIENTS], lookup: sample[Math.floor(k / CLIENTS) % sample.length].barcode },
  }));
  try {
    const base = { address, method: 'POST' as const, token, requests, seconds };
    await load({ ...base, connections: 1, seconds: Math.min(1, seconds) });
    return [
      { name: `scan open loop, offered ${rate}/s`, result: await load({ ...base, connections: 1, rate }) },
      { name: `scan closed loop, ${CLIENTS} clients`, result: await load({ ...base, connections: CLIENTS }) },
    ];
  } finally {
    await db.delete(invoices).where(inArray(invoices.id, ids));
  }
}
