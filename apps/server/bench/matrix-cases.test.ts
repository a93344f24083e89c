import { describe, expect, it } from 'vitest';
import { callTable, fieldVariants, matrixCalls, periodVariants } from './matrix-cases.js';

describe('the bench matrix, from the table of calls', () => {
  const { calls, skipped } = matrixCalls();
  const byName = new Map(calls.map((c) => [c.name, c]));

  it('holds every call that reads with a JSON body, and says why it leaves out the others', () => {
    const reading = Object.entries(callTable())
      .filter(([, c]) => c.reads && c.body)
      .map(([name]) => name)
      .sort();
    expect([...calls.map((c) => c.name), ...skipped.map((s) => s.name)].sort()).toEqual(reading);
    expect(skipped.find((s) => s.name === 'invoice.export')?.why).toMatch(/file/);
    expect(skipped.find((s) => s.name === 'import.preview')?.why).toMatch(/upload/);
    expect(calls.length).toBeGreaterThan(40);
  });

  it("reads the invoice list's body and rows: periods, filters, and the keys tried as sort columns", () => {
    const list = byName.get('invoice.list');
    expect(list).toMatchObject({ path: '/invoice/all', list: true, params: [] });
    expect(list?.period).toEqual(['startDate', 'endDate', 'month', 'year']);
    expect(list?.fields.map((f) => [f.name, f.kind, f.values ?? []])).toEqual([
      ['biller', 'id', []],
      ['type', 'enum', ['invoice', 'consignment']],
      ['status', 'enum', ['DUE', 'PAID', 'REFUND']],
      ['customer', 'id', []],
    ]);
    expect(list?.rowKeys).toEqual(expect.arrayContaining(['invoiceNo', 'customer', 'total', 'balance']));
  });

  it('knows a path parameter, a required field and a bounded number', () => {
    expect(byName.get('invoice.items')?.params).toEqual(['id']);
    const sheet = byName.get('stock.loadSheet');
    expect(sheet?.list).toBe(false);
    expect(sheet?.fields).toEqual([
      { name: 'routeID', kind: 'id', required: true },
      { name: 'date', kind: 'date', required: true },
      { name: 'weeks', kind: 'number', max: 13, required: false },
    ]);
  });

  it('asks for this month, last year, the last 36 months and a mid-month range', () => {
    expect(periodVariants(['startDate', 'endDate', 'month', 'year'], '2026-03-09')).toEqual([
      { label: 'this month', body: { month: 3, year: 2026 } },
      { label: 'last year', body: { year: 2025 } },
      { label: 'last 36 months', body: { startDate: '2023-04-01', endDate: '2026-03-09' } },
      { label: 'mid-month to mid-month, 6 months', body: { startDate: '2025-08-15', endDate: '2026-02-14' } },
    ]);
    // A body with only a range takes this month and last year as ranges.
    expect(periodVariants(['startDate', 'endDate'], '2026-01-20').slice(0, 2)).toEqual([
      { label: 'this month', body: { startDate: '2026-01-01', endDate: '2026-01-20' } },
      { label: 'last year', body: { startDate: '2025-01-01', endDate: '2025-12-31' } },
    ]);
    expect(periodVariants(['month', 'year'], '2026-01-20')).toHaveLength(2);
    expect(periodVariants([], '2026-01-20')).toEqual([]);
  });

  it('makes one case per filter value, and reports a filter it has no sample for', () => {
    const fields = byName.get('invoice.list')?.fields ?? [];
    const variants = fieldVariants(fields, '2026-03-09', { biller: { biller: 4 } });
    expect(variants.map((v) => v.label)).toEqual([
      'biller (one)',
      'type=invoice',
      'type=consignment',
      'status=DUE',
      'status=PAID',
      'status=REFUND',
      'customer (one)',
    ]);
    expect(variants[0].body).toEqual({ biller: 4 });
    expect(variants[6]).toMatchObject({ body: {}, missing: 'no sample customer in the database' });
    const aging = fieldVariants(byName.get('receivables.aging')?.fields ?? [], '2026-03-09', {});
    expect(aging).toEqual([{ label: 'asOf a year ago', body: { asOf: '2025-03-09' } }]);
  });
});
