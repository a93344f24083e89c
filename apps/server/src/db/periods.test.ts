import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { splitPeriod, splitPeriodNet, splitWeeks, splitYears, weeksOf } from './periods.js';

/** A condition as text with its parameters in place, to read what a period became. */
const dialect = new PgDialect();
const text = (condition: SQL | undefined) => {
  if (!condition) return undefined;
  const { sql, params } = dialect.sqlToQuery(condition);
  return sql.replace(/\$(\d+)/g, (_, n) => `'${params[Number(n) - 1]}'`).replace(/\s+/g, ' ');
};
const net = (filter: Parameters<typeof splitPeriodNet>[0]) => {
  const split = splitPeriodNet(filter);
  return { months: text(split.months), days: text(split.days), less: text(split.less) };
};

describe('splitPeriodNet: the months read whole, the days added and the days taken off', () => {
  it('reads the month of a period ending today whole, less the days still to come', () => {
    expect(net({ startDate: '2023-11-28', endDate: '2026-11-28' })).toEqual({
      months: "(month >= '2023-12-01' and month < '2026-12-01')",
      days: "((i.date >= '2023-11-28' and i.date < '2023-12-01'))",
      less: "((i.date >= '2026-11-29' and i.date < '2026-12-01'))",
    });
    expect(net({ startDate: '2026-11-01', endDate: '2026-11-28' })).toEqual({
      months: "(month >= '2026-11-01' and month < '2026-12-01')",
      days: 'false',
      less: "((i.date >= '2026-11-29' and i.date < '2026-12-01'))",
    });
  });

  it('takes off the fewer days at each end, and adds them when fewer are inside', () => {
    // April 15-30 inside (16 days) against April 1-14 outside (14); October 1-14 inside (14) against 15-31 (17).
    expect(net({ startDate: '2026-04-15', endDate: '2026-10-14' })).toEqual({
      months: "(month >= '2026-04-01' and month < '2026-10-01')",
      days: "((i.date >= '2026-10-01' and i.date < '2026-10-15'))",
      less: "((i.date >= '2026-04-01' and i.date < '2026-04-15'))",
    });
    // A tie keeps the days inside: February 1-14 against 15-28.
    expect(net({ endDate: '2026-02-14' }).less).toBeUndefined();
    // Inside one month: 29 days in, 2 out at the start.
    expect(net({ startDate: '2026-01-03', endDate: '2026-01-31' })).toEqual({
      months: "(month >= '2026-01-01' and month < '2026-02-01')",
      days: 'false',
      less: "((i.date >= '2026-01-01' and i.date < '2026-01-03'))",
    });
    // Two cut months and no whole one between them: October 15-31 (17 days) against 1-14 (14).
    expect(net({ startDate: '2025-10-15', endDate: '2025-11-09' })).toEqual({
      months: "(month >= '2025-10-01' and month < '2025-11-01')",
      days: "((i.date >= '2025-11-01' and i.date < '2025-11-10'))",
      less: "((i.date >= '2025-10-01' and i.date < '2025-10-15'))",
    });
  });

  it('leaves whole months, short spans, a month without a year and all history as splitPeriod cuts them', () => {
    for (const filter of [
      { year: 2025 },
      { month: 2, year: 2026 },
      { startDate: '2026-01-10', endDate: '2026-01-20' },
      { month: 2 },
      { startDate: '2026-03-01', endDate: '2026-02-01' },
      {},
    ]) {
      const split = splitPeriod(filter);
      expect(net(filter), JSON.stringify(filter)).toEqual({
        months: text(split.months),
        days: text(split.days),
        less: undefined,
      });
    }
    expect(splitPeriodNet({}).allHistory).toBe(true);
  });
});

describe('splitYears: whole years from the yearly roll-up, the months added or taken off at either end', () => {
  const years = (filter: Parameters<typeof splitPeriodNet>[0]) => {
    const split = splitYears(splitPeriodNet(filter));
    return { years: text(split.years), months: text(split.months), less: text(split.less) };
  };

  it('reads the last 36 months as three years, less the months still to come, and the month before them', () => {
    expect(years({ startDate: '2023-11-28', endDate: '2026-11-28' })).toEqual({
      years: "(year >= '2024-01-01' and year < '2027-01-01')",
      months: "((month >= '2023-12-01' and month < '2024-01-01'))",
      less: "((month >= '2026-12-01' and month < '2027-01-01'))",
    });
    expect(years({ year: 2025 })).toEqual({
      years: "(year >= '2025-01-01' and year < '2026-01-01')",
      months: 'false',
      less: undefined,
    });
    // Open at the end: every year from the start's.
    expect(years({ startDate: '2026-01-01' })).toEqual({
      years: "year >= '2026-01-01'",
      months: 'false',
      less: undefined,
    });
    expect(years({ endDate: '2025-03-31' })).toEqual({
      years: "year < '2025-01-01'",
      months: "((month >= '2025-01-01' and month < '2025-04-01'))",
      less: undefined,
    });
    expect(years({ endDate: '2025-10-31' })).toEqual({
      years: "year < '2026-01-01'",
      months: 'false',
      less: "((month >= '2025-11-01' and month < '2026-01-01'))",
    });
  });

  it('reads a year whole, less the months outside, when fewer are outside than inside', () => {
    // Inside one year: February to November, less January and December.
    expect(years({ startDate: '2026-02-01', endDate: '2026-11-30' })).toEqual({
      years: "(year >= '2026-01-01' and year < '2027-01-01')",
      months: 'false',
      less: "((month >= '2026-01-01' and month < '2026-02-01') or (month >= '2026-12-01' and month < '2027-01-01'))",
    });
    // Across two years, no whole one: 2025 less January, then January 2026 added.
    expect(years({ startDate: '2025-02-01', endDate: '2026-01-31' })).toEqual({
      years: "(year >= '2025-01-01' and year < '2026-01-01')",
      months: "((month >= '2026-01-01' and month < '2026-02-01'))",
      less: "((month >= '2025-01-01' and month < '2025-02-01'))",
    });
  });

  it('leaves a period with no year worth reading as months', () => {
    for (const filter of [
      { startDate: '2025-07-01', endDate: '2026-06-30' },
      { startDate: '2026-03-01', endDate: '2026-08-31' },
      { month: 2 },
      { startDate: '2026-01-10', endDate: '2026-01-20' },
    ]) {
      const split = splitPeriodNet(filter);
      expect(years(filter), JSON.stringify(filter)).toEqual({
        years: undefined,
        months: text(split.months),
        less: undefined,
      });
    }
  });
});

describe('splitWeeks: the days of a cut month as whole weeks and at most three days per week', () => {
  const weeks = (filter: Parameters<typeof splitPeriodNet>[0]) => {
    const split = splitWeeks(splitPeriodNet(filter));
    return { plus: split.weeks.plus, minus: split.weeks.minus, days: text(split.days), less: text(split.less) };
  };

  it('cuts each month into weeks from the 1st, the 8th, the 15th, the 22nd and the 29th', () => {
    expect(weeksOf('2026-01-01')).toEqual([
      ['2026-01-01', '2026-01-08'],
      ['2026-01-08', '2026-01-15'],
      ['2026-01-15', '2026-01-22'],
      ['2026-01-22', '2026-01-29'],
      ['2026-01-29', '2026-02-01'],
    ]);
    expect(weeksOf('2026-02-01').map(([a]) => a)).toEqual(['2026-02-01', '2026-02-08', '2026-02-15', '2026-02-22']);
    expect(weeksOf('2028-02-01').at(-1)).toEqual(['2028-02-29', '2028-03-01']);
  });

  it('reads a period from the 15th to the 14th as weeks alone', () => {
    // May read whole less its first two weeks (fewer days outside than inside), November's first two added.
    expect(weeks({ startDate: '2025-05-15', endDate: '2025-11-14' })).toEqual({
      plus: ['2025-11-01', '2025-11-08'],
      minus: ['2025-05-01', '2025-05-08'],
      days: 'false',
      less: undefined,
    });
  });

  it('adds the fewer days of a week, or reads it whole less the fewer days outside', () => {
    // October read whole less the 1st-9th: its first week, and the 8th and 9th of the second.
    // November read whole less the 17th-30th: the weeks of the 22nd and the 29th, and the week of
    // the 15th less the 15th and 16th (5 of its 7 days are outside the period).
    expect(weeks({ startDate: '2025-10-10', endDate: '2025-11-16' })).toEqual({
      plus: [],
      minus: ['2025-10-01', '2025-11-15', '2025-11-22', '2025-11-29'],
      days: "((i.date >= '2025-11-15' and i.date < '2025-11-17'))",
      less: "((i.date >= '2025-10-08' and i.date < '2025-10-10'))",
    });
    // ...and a period ending on the 26th reads November whole less the 27th-30th: the week of the
    // 29th taken off, and the 27th and 28th.
    expect(weeks({ startDate: '2025-11-01', endDate: '2025-11-26' })).toEqual({
      plus: [],
      minus: ['2025-11-29'],
      days: 'false',
      less: "((i.date >= '2025-11-27' and i.date < '2025-11-29'))",
    });
  });

  it('reads a short period inside one month as its weeks and the days left over', () => {
    expect(weeks({ startDate: '2026-01-10', endDate: '2026-01-20' })).toEqual({
      plus: ['2026-01-08', '2026-01-15'],
      minus: [],
      days: 'false',
      less: "((i.date >= '2026-01-08' and i.date < '2026-01-10') or (i.date >= '2026-01-21' and i.date < '2026-01-22'))",
    });
    expect(weeks({ startDate: '2026-01-03', endDate: '2026-01-04' })).toEqual({
      plus: [],
      minus: [],
      days: "((i.date >= '2026-01-03' and i.date < '2026-01-05'))",
      less: undefined,
    });
  });

  it('leaves whole months, all history and a month without a year without weeks', () => {
    for (const filter of [{ year: 2025 }, { startDate: '2025-01-01', endDate: '2025-03-31' }, {}, { month: 2 }]) {
      const split = splitPeriodNet(filter);
      expect(weeks(filter), JSON.stringify(filter)).toEqual({
        plus: [],
        minus: [],
        days: text(split.days),
        less: text(split.less),
      });
    }
  });
});
