import type { InvoiceTotals } from '@wd/contracts';
import { describe, expect, it } from 'vitest';
import { id, period } from '../../../components/ListFilters';
import { totalsRows } from './InvoiceTotalsTable';

const totals: InvoiceTotals = {
  total: 100,
  amountCredited: 10,
  discountRedeemed: 0,
  paid: 50,
  balance: 40,
  totalSuggested: 150,
  suggestedCredited: 15,
  totalSuggestedProfit: 45,
  suggestedBalance: 95,
};
const labels = (rows: { label: string }[]) => rows.map((r) => r.label);

describe('invoice totals table', () => {
  it('shows every figure on the edit screen, the balance in bold', () => {
    const rows = totalsRows(totals, 'editor');
    expect(labels(rows)).toEqual(['Total', 'Credit', 'Discount', 'Paid', 'Balance']);
    expect(rows.filter((r) => r.strong).map((r) => r.value)).toEqual([40]);
  });

  it('leaves out a zero discount on the document and adds the suggested figures when asked', () => {
    expect(labels(totalsRows(totals, 'document'))).toEqual([
      'Total Amount',
      'Total Credit',
      'Total Paid',
      'Total Balance',
    ]);
    const rows = totalsRows({ ...totals, discountRedeemed: 5 }, 'document', true);
    expect(labels(rows)).toEqual([
      'Total Amount',
      'Total Credit',
      'Redeemed Discount Value',
      'Total Paid',
      'Total Balance',
      'Total Sugg',
      'Sugg Credit',
      'Sugg Balance',
    ]);
    expect(rows.at(-1)?.value).toBe(95);
  });
});

describe('list filters as the calls take them', () => {
  it('sends month and a four-digit year as numbers, anything else as All', () => {
    expect(period({ startDate: '2026-01-01', endDate: '', month: '3', year: '2026' })).toEqual({
      startDate: '2026-01-01',
      endDate: '',
      month: 3,
      year: 2026,
    });
    expect(period({ startDate: '', endDate: '', month: '', year: '202' })).toMatchObject({ month: '', year: '' });
  });

  it('sends a picked id as a number and none as All', () => {
    expect(id('7')).toBe(7);
    expect(id('')).toBe('');
  });
});
