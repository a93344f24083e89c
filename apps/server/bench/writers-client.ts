// The many-writers bench's clients (bench/writers.ts): an API client per server instance, the
// fixture it seeds (40 customers, 30 products, 200 invoices) and the mix of writes it sends.
import { ADMIN_PASSWORD } from '../test/admin.js';
import type { ServerProcess } from '../test/spawned-server.js';

export const INVOICES = 200;
const CUSTOMERS = 40;
const PRODUCTS = 30;

/** What the bench reads of an answer. */
interface Answer {
  token: string;
  customer: { id: number };
  product: { id: number; barcode: string };
  invoice: { id: number };
  invoiceItem: { id: number };
}
export type Api = (
  method: string,
  path: string,
  body?: unknown,
  key?: string,
) => Promise<{ status: number; body: Answer; text: string; replayed: boolean }>;

/** An API client of one instance, signed in as the admin; `key` is sent as the Idempotency-Key. */
export async function client(server: ServerProcess): Promise<Api> {
  const call = async (method: string, path: string, body?: unknown, token?: string, key?: string) => {
    const res = await fetch(`${server.url}/api${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { token } : {}),
        ...(key ? { 'idempotency-key': key } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = text;
    }
    return { status: res.status, body: parsed as Answer, text, replayed: res.headers.has('idempotent-replayed') };
  };
  const signIn = await call('POST', '/user/signIn/', { email: 'admin', password: ADMIN_PASSWORD });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status}`);
  const token = signIn.body.token as string;
  return (method, path, body, key) => call(method, path, body, token, key);
}

async function must(api: Api, method: string, path: string, body?: unknown) {
  const res = await api(method, path, body);
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export interface Fixture {
  invoices: { id: number; customerID: number; lines: number[] }[];
  barcodes: string[];
}

/** 40 customers, 30 products, 200 invoices of 3 lines each, every other one submitted. */
export async function seed(api: Api): Promise<Fixture> {
  const customers: number[] = [];
  for (let c = 0; c < CUSTOMERS; c++) {
    customers.push((await must(api, 'POST', '/customer/new/', { company: `Writers Mart ${c}` })).customer.id);
  }
  const barcodes: string[] = [];
  const products: number[] = [];
  for (let p = 0; p < PRODUCTS; p++) {
    const product = (
      await must(api, 'POST', '/product/insert/', {
        name: `Writers product ${p}`,
        barcodeSymbology: 'upca',
        barcode: `07${String(p).padStart(9, '0')}`,
        category: 'Snacks',
        costPrice: 1,
        sellingPrice: 1.5 + p / 100,
        suggestedRetailPrice: 2.49,
      })
    ).product;
    products.push(product.id);
    barcodes.push(product.barcode);
  }
  const invoices: Fixture['invoices'] = [];
  for (let i = 0; i < INVOICES; i++) {
    const id = (await must(api, 'POST', '/invoice/new/invoice/')).invoice.id as number;
    const customerID = customers[i % CUSTOMERS];
    await must(api, 'PATCH', '/invoice/update/', { id, customerID });
    const lines: number[] = [];
    for (let l = 0; l < 3; l++) {
      const productID = products[(i * 3 + l) % PRODUCTS];
      lines.push((await must(api, 'POST', '/invoice/insert/', { invoiceID: id, productID })).invoiceItem.id);
    }
    if (i % 2 === 0) await must(api, 'PATCH', '/invoice/update/', { id, status: 'DUE' });
    invoices.push({ id, customerID, lines });
  }
  return { invoices, barcodes };
}

export type Op = 'scan' | 'quantity' | 'submit' | 'payment' | 'receipt';
/** The mix: what a client does on its n-th write (scans and payments most). */
export const MIX: Op[] = [
  'scan',
  'payment',
  'quantity',
  'scan',
  'receipt',
  'payment',
  'scan',
  'submit',
  'quantity',
  'payment',
];

export function request(op: Op, invoice: Fixture['invoices'][number], fixture: Fixture, n: number, today: string) {
  switch (op) {
    case 'scan':
      return [
        'POST',
        '/invoice/insert/',
        { invoiceID: invoice.id, lookup: fixture.barcodes[n % fixture.barcodes.length] },
      ] as const;
    case 'quantity':
      return [
        'PATCH',
        '/invoice/update/item/',
        { id: invoice.lines[n % invoice.lines.length], invoiceID: invoice.id, quantity: 1 + (n % 4) },
      ] as const;
    case 'submit':
      return ['PATCH', '/invoice/update/', { id: invoice.id, status: 'DUE' }] as const;
    case 'payment':
      return [
        'POST',
        '/payment/insert/',
        { invoiceID: invoice.id, date: today, paymentType: 'cash', amountPaid: 1 },
      ] as const;
    case 'receipt':
      return [
        'POST',
        '/receipt/insert/',
        {
          customerID: invoice.customerID,
          date: today,
          paymentType: 'cash',
          amount: 1,
          allocations: [{ invoiceID: invoice.id, amount: 1 }],
        },
      ] as const;
  }
}
