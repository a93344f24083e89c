import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../test/render';
import type { ListResult, ListSource } from '../../lib/list-source';
import { ListPage } from './ListPage';
import { viewEdit } from './row-actions';

interface Row {
  id: number;
  invoiceNo: string;
  customer: string;
  total: number;
}

/** Three invoices over two pages of two; the totals are the server's, over all three. */
const source: ListSource<Row, { total: number }> = {
  key: (f) => ['invoices', f],
  fetch: vi.fn(async (f: Record<string, unknown>): Promise<ListResult<Row, { total: number }>> => {
    const all = [1, 2, 3].map((id) => ({ id, invoiceNo: `Invoice/${id}`, customer: 'Express Mart #124', total: id }));
    const page = Number(f.currentPage);
    return {
      rows: all.slice((page - 1) * 2, page * 2),
      currentPage: page,
      numPages: 2,
      totalRows: 3,
      totals: { total: 6 },
    };
  }),
};

function renderInvoices(withView: boolean) {
  return renderScreen(
    <ListPage<Row, { total: number }>
      title="Invoices"
      source={source}
      withFooter
      rowNoun="invoice"
      columns={(totals) => [
        { key: 'invoiceNo', title: 'Invoice No' },
        { key: 'customer', title: 'Customer', maxWidth: 200 },
        { key: 'total', title: 'Total', align: 'right', footer: totals?.total },
      ]}
      rowActions={(r) => (withView ? viewEdit('invoices', r.id) : [{ label: 'Print', to: `/invoices/print/${r.id}` }])}
    />,
    { url: '/invoices', settings: { resultsPerPage: 2 } },
  );
}

describe('a list whose rows have a View page', () => {
  it('links the first column to it, and a click on the row opens it', async () => {
    const { router } = renderInvoices(true);
    const link = await screen.findByRole('link', { name: 'Invoice/2' });
    expect(link.getAttribute('href')).toBe('/invoices/2');
    fireEvent.click(screen.getAllByText('Express Mart #124')[0]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices/1'));
  });

  it('labels the footer as the total of every invoice, not the page', async () => {
    renderInvoices(true);
    expect(await screen.findByRole('rowheader', { name: 'Total (all 3 invoices)' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: '6' })).toBeTruthy();
  });

  it('without a View action, rows are neither links nor in the Tab order', async () => {
    renderInvoices(false);
    await screen.findByText('Invoice/1');
    expect(screen.queryByRole('link', { name: 'Invoice/1' })).toBeNull();
    expect(screen.getByText('Invoice/1').closest('tr')?.hasAttribute('tabindex')).toBe(false);
  });
});
