import { addDays, daysBetween, monthRange, yearRange } from '@wd/contracts';
import { and, type SQL, sql } from 'drizzle-orm';

// A report's or the dashboard's period cut for the roll-ups: its whole months (or years) read
// from a monthly (yearly) roll-up, the days of the months it cuts added or taken off from the
// rows (rollups.ts reads them).

/** A period as the reports and the dashboard give it: inclusive dates, or a month and/or year. */
export interface PeriodBounds {
  startDate?: string;
  endDate?: string;
  /** '' (a cleared filter) is none, as undefined. */
  month?: number | '';
  year?: number | '';
}

/**
 * A period's first day and the day after its last (`from`, `until`; either open), and its whole
 * months: [the first month start at or after `from`, the month start of `until`). A month without
 * a year (every November) is not a range: `splitPeriod` adds it as a condition.
 */
export function periodDays(filter: PeriodBounds): {
  from?: string;
  until?: string;
  firstMonth?: string;
  lastMonth?: string;
} {
  const { startDate, endDate, month, year } = filter;
  const range = year ? (month ? monthRange(year, month) : yearRange(year)) : undefined;
  const from = latest(startDate, range?.from);
  const until = earliest(endDate ? addDays(endDate, 1) : undefined, range?.until);
  const firstMonth = from && (from.endsWith('-01') ? from : nextMonth(from));
  const lastMonth = until && `${until.slice(0, 8)}01`;
  return { from, until, firstMonth, lastMonth };
}

/**
 * The period as whole months (a condition on a monthly roll-up's `month`) and the days of a
 * partly covered month at either end (a condition on `i.date`, the invoices), so a roll-up's
 * months and the edge days' rows can be summed together; no period at all is all history.
 */
export function splitPeriod(filter: PeriodBounds): { months: SQL | undefined; days: SQL; allHistory: boolean } {
  const { month, year } = filter;
  const { from, until, firstMonth, lastMonth } = periodDays(filter);
  const calendarMonth = (column: SQL) => (month && !year ? sql`extract(month from ${column}) = ${month}` : undefined);
  const date = sql`i.date`;
  const between = (a: string | undefined, b: string | undefined) =>
    and(a ? sql`${date} >= ${a}` : undefined, b ? sql`${date} < ${b}` : undefined) ?? sql`true`;
  if (!from && !until && !month) return { months: undefined, days: sql`false`, allHistory: true };
  if (firstMonth && lastMonth && firstMonth >= lastMonth) {
    return { months: sql`false`, days: and(between(from, until), calendarMonth(date)) as SQL, allHistory: false };
  }
  const edges: SQL[] = [];
  if (from && from !== firstMonth) edges.push(between(from, firstMonth));
  if (until && until !== lastMonth) edges.push(between(lastMonth, until));
  const m = sql`month`;
  return {
    months: and(
      firstMonth ? sql`${m} >= ${firstMonth}` : undefined,
      lastMonth ? sql`${m} < ${lastMonth}` : undefined,
      calendarMonth(m),
    ),
    days: edges.length ? (and(sql`(${sql.join(edges, sql` or `)})`, calendarMonth(date)) as SQL) : sql`false`,
    allHistory: false,
  };
}

/**
 * The period as splitPeriod gives it, for readers that sum (not count distinct): a month the
 * period cuts is read whole from the roll-up, less the rows of its days outside the period
 * (`less`), when those are fewer days than the ones inside. A period ending today then reads the
 * rest of this month (days not come yet: no rows) instead of every day of it so far, and a year
 * starting on the 3rd subtracts two days instead of adding 29. Readers add the rows of `days`
 * and subtract those of `less` (netRows). A month without a year is left as splitPeriod cuts it.
 */
export function splitPeriodNet(filter: PeriodBounds): {
  months: SQL | undefined;
  days: SQL;
  less: SQL | undefined;
  allHistory: boolean;
  /** The whole months as [lo, hi) (an end undefined: open), when they are a plain range. */
  bounds?: { lo?: string; hi?: string };
  /** `days` and `less` as [from, until) spans, each inside one month (splitWeeks cuts them further). */
  spans?: { add: Span[]; take: Span[] };
} {
  const split = splitPeriod(filter);
  const { month, year } = filter;
  if (split.allHistory || (month && !year)) return { ...split, less: undefined };
  const { from, until } = periodDays(filter);
  if (from && until && from >= until) return { ...split, less: undefined };
  const monthOf = (date: string) => `${date.slice(0, 8)}01`;
  // Whole months [lo, hi) (either end open), the days added and the days taken off.
  let lo = from && (from.endsWith('-01') ? from : nextMonth(from));
  let hi = until && monthOf(until);
  const add: Span[] = [];
  const take: Span[] = [];
  const cut = (month: string, inside: Span) => {
    const end = nextMonth(month);
    const outside = (
      [
        [month, inside[0]],
        [inside[1], end],
      ] as [string, string][]
    ).filter(([a, b]) => a < b);
    const days = (spans: [string, string][]) => spans.reduce((n, [a, b]) => n + daysBetween(a, b), 0);
    if (days(outside) < days([inside])) {
      take.push(...outside);
      return true;
    }
    add.push(inside);
    return false;
  };
  if (from && until && monthOf(from) === monthOf(until) && !from.endsWith('-01')) {
    // Inside one month, cut at both ends.
    if (cut(monthOf(from), [from, until])) [lo, hi] = [monthOf(from), nextMonth(from)];
    else [lo, hi] = [undefined, undefined];
    if (!lo) return { ...split, less: undefined, spans: { add, take } };
  } else {
    if (from && lo && from !== lo && cut(monthOf(from), [from, lo])) lo = monthOf(from);
    if (until && hi && until !== hi && cut(hi, [hi, until])) hi = nextMonth(hi);
  }
  const m = sql`month`;
  const months =
    lo && hi && lo >= hi ? sql`false` : and(lo ? sql`${m} >= ${lo}` : undefined, hi ? sql`${m} < ${hi}` : undefined);
  return {
    months,
    days: daySpans(add) ?? sql`false`,
    less: daySpans(take),
    allHistory: false,
    bounds: lo && hi && lo >= hi ? undefined : { lo, hi },
    spans: { add, take },
  };
}

/** Days [from, until) as ISO dates. */
export type Span = [string, string];

/** A period's day conditions on the invoices (`i.date`): the spans, or false for none. */
function daySpans(list: Span[]): SQL | undefined {
  return list.length
    ? sql`(${sql.join(
        list.map(([a, b]) => sql`(i.date >= ${a} and i.date < ${b})`),
        sql` or `,
      )})`
    : undefined;
}

/**
 * The blocks of a month the weekly roll-ups keep (the database's report_week): seven days from
 * the 1st, the 8th, the 15th and the 22nd, and the 29th to the month's end (none in a February of
 * 28 days), as [first day, day after].
 */
export function weeksOf(month: string): Span[] {
  const end = nextMonth(month);
  return [0, 7, 14, 21, 28]
    .map((n) => addDays(month, n))
    .filter((start) => start < end)
    .map((start, i, starts): Span => [start, starts[i + 1] ?? end]);
}

/**
 * The days a period adds and takes off (splitPeriodNet's spans) as whole weeks of a weekly
 * roll-up (`weeks.plus` added, `weeks.minus` taken off: each week's first day) and the days left
 * over (`days` added, `less` taken off, conditions on `i.date` as netRows reads them). A week
 * the span covers only in part is read whole less its days outside the span when those are
 * fewer, so at most three days of a week are read from the rows: a period from the 15th to the
 * 14th reads two weeks at each end and no rows at all. A period splitPeriodNet leaves as
 * splitPeriod cuts it (a month without a year) keeps its days and no weeks.
 */
export function splitWeeks(split: ReturnType<typeof splitPeriodNet>): {
  days: SQL;
  less: SQL | undefined;
  weeks: { plus: string[]; minus: string[] };
} {
  if (!split.spans) return { days: split.days, less: split.less, weeks: { plus: [], minus: [] } };
  const weeks = new Map<string, number>();
  const plusDays: Span[] = [];
  const minusDays: Span[] = [];
  const days = (sign: number) => (sign > 0 ? plusDays : minusDays);
  const cut = ([a, b]: Span, sign: number) => {
    for (const [start, end] of weeksOf(`${a.slice(0, 8)}01`)) {
      const [from, until] = [a > start ? a : start, b < end ? b : end];
      if (from >= until) continue;
      const inside = daysBetween(from, until);
      if (inside === daysBetween(start, end)) {
        weeks.set(start, (weeks.get(start) ?? 0) + sign);
      } else if (daysBetween(start, end) - inside < inside) {
        weeks.set(start, (weeks.get(start) ?? 0) + sign);
        if (start < from) days(-sign).push([start, from]);
        if (until < end) days(-sign).push([until, end]);
      } else {
        days(sign).push([from, until]);
      }
    }
  };
  for (const span of split.spans.add) cut(span, 1);
  for (const span of split.spans.take) cut(span, -1);
  const signed = [...weeks].filter(([, n]) => n !== 0);
  if (signed.some(([, n]) => Math.abs(n) > 1)) throw new Error('a week counted twice');
  return {
    days: daySpans(plusDays) ?? sql`false`,
    less: daySpans(minusDays),
    weeks: {
      plus: signed
        .filter(([, n]) => n > 0)
        .map(([week]) => week)
        .sort(),
      minus: signed
        .filter(([, n]) => n < 0)
        .map(([week]) => week)
        .sort(),
    },
  };
}

/**
 * The whole months of a period (splitPeriodNet) as years of a roll-up kept per year (`year`: its
 * first day), plus the months to add (`months`) and to take off (`less`) from the monthly one. A
 * year the period covers only in part is read whole, less its months outside the period, when
 * those are fewer than the ones inside: the last 36 months up to this November read this year
 * whole less December (no rows yet) instead of eleven months. No year worth reading: the months
 * as they were.
 */
export function splitYears(split: { months: SQL | undefined; bounds?: { lo?: string; hi?: string } }): {
  years: SQL | undefined;
  months: SQL | undefined;
  less: SQL | undefined;
} {
  const { lo, hi } = split.bounds ?? {};
  const asMonths = { years: undefined, months: split.months, less: undefined };
  if (!split.bounds || (!lo && !hi)) return asMonths;
  const yearOf = (date: string) => `${date.slice(0, 4)}-01-01`;
  const nextYear = (date: string) => `${Number(date.slice(0, 4)) + 1}-01-01`;
  const monthsBetween = (a: string, b: string) =>
    (Number(b.slice(0, 4)) - Number(a.slice(0, 4))) * 12 + Number(b.slice(5, 7)) - Number(a.slice(5, 7));
  const add: [string, string][] = [];
  const take: [string, string][] = [];
  let ylo = lo && (lo.endsWith('-01-01') ? lo : nextYear(lo));
  let yhi = hi && yearOf(hi);
  if (lo && hi && ylo && yhi && ylo > yhi) {
    // Inside one year, cut at both ends.
    const year = yearOf(lo);
    if (12 - monthsBetween(lo, hi) >= monthsBetween(lo, hi)) return asMonths;
    [ylo, yhi] = [year, nextYear(year)];
    if (lo > year) take.push([year, lo]);
    if (hi < yhi) take.push([hi, yhi]);
  } else {
    if (lo && ylo && lo < ylo) {
      const inside = monthsBetween(lo, ylo);
      if (12 - inside < inside) {
        take.push([yearOf(lo), lo]);
        ylo = yearOf(lo);
      } else add.push([lo, ylo]);
    }
    if (hi && yhi && yhi < hi) {
      const inside = monthsBetween(yhi, hi);
      if (12 - inside < inside) {
        take.push([hi, nextYear(yhi)]);
        yhi = nextYear(yhi);
      } else add.push([yhi, hi]);
    }
    if (ylo && yhi && ylo >= yhi) return asMonths;
  }
  const m = sql`month`;
  const spans = (list: [string, string][]) =>
    sql`(${sql.join(
      list.map(([a, b]) => sql`(${m} >= ${a} and ${m} < ${b})`),
      sql` or `,
    )})`;
  const y = sql`year`;
  return {
    years: and(ylo ? sql`${y} >= ${ylo}` : undefined, yhi ? sql`${y} < ${yhi}` : undefined),
    months: add.length ? spans(add) : sql`false`,
    less: take.length ? spans(take) : undefined,
  };
}

/**
 * The rows part of a roll-up read: `rows(days, 1)` plus, when the period subtracts days from a
 * month read whole (splitPeriodNet), `rows(less, -1)`; the builder multiplies its figures (and its
 * row count) by the sign, given as a literal 1 or -1.
 */
export function netRows(split: { days: SQL; less: SQL | undefined }, rows: (days: SQL, sign: SQL) => SQL): SQL {
  const [plus, minus] = [sql.raw('1'), sql.raw('-1')];
  return split.less ? sql`${rows(split.days, plus)} union all ${rows(split.less, minus)}` : rows(split.days, plus);
}

// An empty date ('' from a cleared filter) is no bound: `||`, not `??`.
const latest = (a?: string, b?: string) => (a && b ? (a > b ? a : b) : a || b || undefined);
const earliest = (a?: string, b?: string) => (a && b ? (a < b ? a : b) : a || b || undefined);
/** The first day of the month after the date's. */
export function nextMonth(date: string): string {
  const [y, m] = date.split('-').map(Number);
  return monthRange(y, m).until;
}
