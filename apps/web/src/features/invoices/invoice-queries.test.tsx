import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { queryClient } from '../../lib/query-client';
import { session } from '../../lib/session';
import { invoiceItemsQuery, invoiceSummaryQuery, prefetchInvoice } from './invoice-queries';

const load = (id: string) =>
  prefetchInvoice({ params: { id }, request: new Request('http://localhost/'), context: undefined } as never);

afterEach(() => {
  session.clear();
  queryClient.clear();
});

describe('prefetchInvoice (the loader of an invoice screen)', () => {
  it('asks for the invoice and its lines at once, and the screen then finds them in the cache', async () => {
    const api = fakeApi({
      'POST /invoice/summary/42': { body: { invoiceSummary: { id: 42, invoiceNo: 'Invoice/42' }, invoiceTotals: {} } },
      'POST /invoice/42': { body: { invoiceItems: [{ id: 1 }, { id: 2 }], currentPage: 1, numPages: 1, totalRows: 2 } },
    });
    session.set({ id: 1, username: 'clerk', email: '', type: 'user', driver: false, token: 'token-1' });
    expect(load('42')).toBeNull();
    // Both requests are on their way before the loader's caller goes on.
    expect(api.sent.map((r) => r.path).sort()).toEqual(['/invoice/42', '/invoice/summary/42']);
    expect(api.sent.find((r) => r.path === '/invoice/42')?.body).toEqual({ resultsPerPage: 100_000 });
    const lines = await queryClient.fetchQuery(invoiceItemsQuery(42));
    const summary = await queryClient.fetchQuery(invoiceSummaryQuery(42));
    expect(lines.map((l) => l.id)).toEqual([1, 2]);
    expect(summary.invoiceSummary.invoiceNo).toBe('Invoice/42');
    // Fresh in the cache: the screen's queries asked nothing more.
    expect(api.sent).toHaveLength(2);
  });

  it('asks nothing without a signed-in session or for an id that is not one', () => {
    const api = fakeApi({});
    expect(load('42')).toBeNull();
    session.set({ id: 1, username: 'clerk', email: '', type: 'user', driver: false, token: 'token-1' });
    load('abc');
    load('0');
    expect(api.sent).toEqual([]);
  });
});
