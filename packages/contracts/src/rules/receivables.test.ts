import { describe, expect, it } from 'vitest';
import { daysBetween } from '../common/dates.js';
import {
  agingBucket,
  allocateOldestFirst,
  allocationProblem,
  statementEntries,
  unallocatedCents,
} from './receivables.js';

const open = [
  { id: 7, date: '2026-03-10', balanceCents: 12_050 },
  { id: 3, date: '2026-01-05', balanceCents: 4_999 },
  { id: 9, date: '2026-03-10', balanceCents: 1 },
  { id: 5, date: '2026-02-20', balanceCents: 30_000 },
];

describe('allocateOldestFirst', () => {
  it('fills the oldest invoice first, then the next, by date then id', () => {
    const { shares, remainderCents } = allocateOldestFirst(40_000, open);
    expect(shares).toEqual([
      { id: 3, cents: 4_999 },
      { id: 5, cents: 30_000 },
      { id: 7, cents: 5_001 },
      { id: 9, cents: 0 },
    ]);
    expect(remainderCents).toBe(0);
  });

  it('leaves a remainder only when the amount is more than every open balance', () => {
    const { shares, remainderCents } = allocateOldestFirst(50_000, open);
    expect(shares.map((s) => s.cents)).toEqual([4_999, 30_000, 12_050, 1]);
    expect(remainderCents).toBe(50_000 - 47_050);
  });

  it('adds up to the amount to the cent, whatever the amount', () => {
    for (const amount of [0, 1, 4_998, 4_999, 5_000, 34_999, 47_049, 47_050, 47_051, 1_000_000]) {
      const { shares, remainderCents } = allocateOldestFirst(amount, open);
      expect(shares.reduce((s, x) => s + x.cents, 0) + remainderCents).toBe(amount);
    }
  });

  it('refuses fractions of a cent and negative amounts', () => {
    expect(() => allocateOldestFirst(10.5, open)).toThrow(RangeError);
    expect(() => allocateOldestFirst(-1, open)).toThrow(RangeError);
  });
});

describe('allocationProblem (a split made by hand)', () => {
  it('accepts a split that allocates the whole amount', () => {
    expect(
      allocationProblem(
        10_000,
        [
          { id: 7, cents: 6_000 },
          { id: 3, cents: 4_000 },
        ],
        open,
        false,
      ),
    ).toBeUndefined();
  });

  it('wants the remainder marked as credit on account', () => {
    const shares = [{ id: 3, cents: 4_999 }];
    expect(unallocatedCents(6_000, shares)).toBe(1_001);
    expect(allocationProblem(6_000, shares, open, false)).toBe(
      'Allocate the whole amount, or mark the remainder as credit on account',
    );
    expect(allocationProblem(6_000, shares, open, true)).toBeUndefined();
  });

  it('refuses over-allocation, a share above the open balance, negative shares and foreign invoices', () => {
    expect(allocationProblem(100, [{ id: 3, cents: 200 }], open, false)).toBe(
      'The shares add up to more than the amount',
    );
    expect(allocationProblem(10_000, [{ id: 9, cents: 2 }], open, true)).toBe(
      'An invoice share is more than its open balance',
    );
    expect(allocationProblem(100, [{ id: 3, cents: -1 }], open, true)).toBe('An invoice share may not be negative');
    expect(allocationProblem(100, [{ id: 99, cents: 100 }], open, false)).toBe(
      'An invoice in the split is not open for this customer',
    );
    expect(allocationProblem(0, [], open, true)).toBe('The amount must be more than $0.00');
  });
});

describe('agingBucket', () => {
  const asOf = '2026-11-22';
  const dated = (days: number) =>
    new Date(Date.parse(`${asOf}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

  it('puts each edge in its bucket: 0/30 | 31/60 | 61/90 | 91', () => {
    expect(agingBucket(dated(0), asOf)).toBe('0-30');
    expect(agingBucket(dated(30), asOf)).toBe('0-30');
    expect(agingBucket(dated(31), asOf)).toBe('31-60');
    expect(agingBucket(dated(60), asOf)).toBe('31-60');
    expect(agingBucket(dated(61), asOf)).toBe('61-90');
    expect(agingBucket(dated(90), asOf)).toBe('61-90');
    expect(agingBucket(dated(91), asOf)).toBe('over 90');
    expect(agingBucket(dated(2_000), asOf)).toBe('over 90');
  });

  it('leaves out an invoice dated after the as-of date', () => {
    expect(agingBucket('2026-11-23', asOf)).toBeUndefined();
  });

  it('counts calendar days across a DST change and a leap day', () => {
    expect(daysBetween('2026-03-07', '2026-03-09')).toBe(2);
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
  });
});

describe('statementEntries', () => {
  const m = (date: string, kind: 'invoice' | 'payment', id: number, charge: number, credit: number) => ({
    date,
    kind,
    id,
    reference: `${kind}-${id}`,
    invoiceNo: 'Invoice/1',
    invoiceId: 1,
    charge,
    credit,
  });

  it('orders by date, invoices before payments on one day, then as made, and runs the balance from the opening', () => {
    const out = statementEntries(500, [
      m('2026-10-15', 'payment', 9, 0, 600),
      m('2026-10-05', 'invoice', 4, 1_800, 0),
      m('2026-10-15', 'invoice', 5, 700, 0),
      m('2026-10-15', 'payment', 3, 0, 100),
    ]);
    expect(out.entries.map((e) => [e.reference, e.balance])).toEqual([
      ['invoice-4', 2_300],
      ['invoice-5', 3_000],
      ['payment-3', 2_900],
      ['payment-9', 2_300],
    ]);
    expect(out).toMatchObject({ totalCharges: 2_500, totalCredits: 700, closingBalance: 2_300 });
  });

  it('closes at the opening balance when nothing moved', () => {
    expect(statementEntries(-250, [])).toEqual({ entries: [], totalCharges: 0, totalCredits: 0, closingBalance: -250 });
  });
});
