import { type APIRequestContext, expect } from '@playwright/test';
import { products } from './invoice-documents.fixtures';
import { apiToken, uniqueName } from './support';

/** MM-DD-YYYY, as the date fields show and take dates. */
export const typed = (iso: string) => `${iso.slice(5, 7)}-${iso.slice(8, 10)}-${iso.slice(0, 4)}`;

/** Dates count from the server's today (the business's time zone), as the report does. */
let serverToday = '';
/** The server's today (YYYY-MM-DD), known once a fixture has been made. */
export const today = () => serverToday;
export const daysAgo = (n: number) =>
  new Date(Date.parse(`${serverToday}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

/** One customer with a DUE invoice 100 days old (4 × $1.25) and one 10 days old (2 × $2.25). */
export async function agingFixture(request: APIRequestContext) {
  const headers = { Token: await apiToken(request) };
  const tag = uniqueName('Aging');
  serverToday = (await (await request.post('/api/reports/aging', { headers, data: { resultsPerPage: 1 } })).json())
    .asOf;
  const items = await products(request, headers.Token, tag, 2);
  const customer = (
    await (
      await request.post('/api/customer/new/', {
        headers,
        data: { company: `${tag} Mart`, name: 'Pat Lee', email: 'office@aging-mart.test' },
      })
    ).json()
  ).customer as { id: number; company: string };
  const invoice = async (date: string, item: number, quantity: number) => {
    const { id } = (await (await request.post('/api/invoice/new/invoice/', { headers })).json()).invoice;
    expect(
      (await request.patch('/api/invoice/update/', { headers, data: { id, customerID: customer.id, date } })).ok(),
    ).toBe(true);
    const line = (
      await (
        await request.post('/api/invoice/insert/', { headers, data: { invoiceID: id, productID: items[item].id } })
      ).json()
    ).invoiceItem;
    await request.patch('/api/invoice/update/item/', { headers, data: { id: line.id, invoiceID: id, quantity } });
    expect((await request.patch('/api/invoice/update/', { headers, data: { id, status: 'DUE' } })).ok()).toBe(true);
    return id as number;
  };
  const old = await invoice(daysAgo(100), 0, 4);
  await invoice(daysAgo(10), 1, 2);
  return { headers, customer, old };
}
