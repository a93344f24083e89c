import { eq, type SQL, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { invoices } from '../db/schema/index.js';
import { ValidationError } from './errors.js';
import { choice, orderBy, pageLimit, periodCondition } from './list.js';
import { likePattern } from './list-search.js';

const dialect = new PgDialect();
const render = (s: Parameters<PgDialect['sqlToQuery']>[0] | undefined) => (s ? dialect.sqlToQuery(s) : undefined);

describe('orderBy', () => {
  const sortable = { date: invoices.date, total: invoices.total };

  it('applies the user sort before the stable fallback', () => {
    const clauses = orderBy([{ column: 'total', order: 'desc' }], sortable, []);
    expect(render(clauses[0])?.sql).toBe('"invoices"."total" desc');
  });

  it.each(['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty', 'nothing'])(
    'refuses %s as a column with a 400 naming the allowed ones',
    (column) => {
      expect(() => orderBy([{ column, order: 'asc' }], sortable, [])).toThrow(ValidationError);
      expect(() => orderBy([{ column, order: 'asc' }], sortable, [])).toThrow(
        'sortingList column must be one of date, total',
      );
    },
  );
});

describe('periodCondition', () => {
  it('is nothing when no period is set', () => {
    expect(periodCondition(invoices.date, { startDate: '', endDate: '', month: '', year: '' })).toBeUndefined();
  });

  it('turns month + year into a date range the index can serve', () => {
    const q = render(periodCondition(invoices.date, { month: 12, year: 2025 }));
    expect(q?.sql).not.toContain('extract');
    expect(q?.sql).toBe('("invoices"."date" >= $1 and "invoices"."date" < $2)');
    expect(q?.params).toEqual(['2025-12-01', '2026-01-01']);
  });

  it('turns a year alone into that calendar year', () => {
    expect(render(periodCondition(invoices.date, { year: 2024 }))?.params).toEqual(['2024-01-01', '2025-01-01']);
  });

  it('keeps start and end dates inclusive beside the month range', () => {
    const q = render(
      periodCondition(invoices.date, { startDate: '2026-02-10', endDate: '2026-02-20', month: 2, year: 2026 }),
    );
    expect(q?.sql).toContain('>= $1');
    expect(q?.sql).toContain('<= $2');
    expect(q?.params).toEqual(['2026-02-10', '2026-02-20', '2026-02-01', '2026-03-01']);
  });

  it('matches a month of every year when no year is given', () => {
    expect(render(periodCondition(invoices.date, { month: 3 }))?.sql).toContain('extract(month from');
  });
});

describe('choice and likePattern', () => {
  it("treats '' and 'All' as any", () => {
    expect(choice(invoices.status, '')).toBeUndefined();
    expect(choice(invoices.status, 'All')).toBeUndefined();
    expect(render(choice(invoices.status, 'DUE'))?.params).toEqual(['DUE']);
  });

  it('escapes LIKE wildcards', () => {
    expect(likePattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});

describe('pageLimit', () => {
  // A query builder that never connects: only the statement text is read.
  const db = drizzle.mock();
  const page = (limit: number, offset: number, where?: SQL) =>
    db.select({ id: invoices.id }).from(invoices).where(where).limit(pageLimit(limit, where)).offset(offset).toSQL();

  it('writes a page size into a statement with no condition of its own, so one plan serves every run', () => {
    expect(page(10, 0)).toEqual({ sql: 'select "id" from "invoices" limit 10', params: [] });
    expect(page(25, 50)).toEqual({ sql: 'select "id" from "invoices" limit 25 offset $1', params: [50] });
    expect(page(10, 0, sql`${invoices.customerId} is null`).sql).toBe(
      'select "id" from "invoices" where "invoices"."customer_id" is null limit 10',
    );
  });

  it('keeps the limit a parameter when the condition has one, so each run is planned for its values', () => {
    expect(page(10, 0, eq(invoices.status, 'NEW'))).toEqual({
      sql: 'select "id" from "invoices" where "invoices"."status" = $1 limit $2',
      params: ['NEW', 10],
    });
  });

  it('keeps a large limit (ALL) a parameter, so sizes do not multiply statements', () => {
    expect(page(101, 0)).toEqual({ sql: 'select "id" from "invoices" limit $1', params: [101] });
    expect(page(5000, 0).params).toEqual([5000]);
  });
});
