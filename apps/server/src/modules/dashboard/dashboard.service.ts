import {
  addDays,
  DASHBOARD,
  type DashboardDaysFilter,
  type DashboardPeriod,
  type DashboardPeriodFilter,
  type DateRange,
  daysBetween,
  monthRange,
  type RecentInvoicesFilter,
  type TopProductsFilter,
  toDollars,
  todayIn,
  yearRange,
} from '@wd/contracts';
import type { AppContext } from '../../lib/context.js';
import { ValidationError } from '../../lib/errors.js';
import { pageResponse } from '../../lib/list.js';
import { dashboardRepository as repo } from './dashboard.repository.js';

type Period = Omit<DashboardPeriodFilter, 'trend'> & { trend?: 'month' | 'year' };

/** A month and/or year → its range; a month alone is that month of today's year. */
function calendarRange(filter: Period, today: string): DateRange | undefined {
  if (!filter.month && !filter.year) return undefined;
  const year = filter.year || Number(today.slice(0, 4));
  return filter.month ? monthRange(year, filter.month) : yearRange(year);
}

/** Inclusive days → the half-open range the queries use; an end before the start is a 400. */
function daysRange(startDate: string, endDate: string): DateRange {
  if (endDate < startDate) throw new ValidationError('endDate must not be before startDate', 'endDate');
  if (daysBetween(startDate, endDate) >= DASHBOARD.maxDays) {
    throw new ValidationError(`endDate must be at most ${DASHBOARD.maxDays} days after startDate`, 'endDate');
  }
  return { from: startDate, until: addDays(endDate, 1) };
}

/**
 * "This month" calls: start/end dates (a missing start is the first of the
 * end's month, a missing end is today), else month/year, else `trend`: this
 * month or this year, from the business's local today.
 */
export function periodRange(filter: Period, today: string): DateRange {
  if (filter.startDate || filter.endDate) {
    const end = filter.endDate || today;
    return daysRange(filter.startDate || `${end.slice(0, 7)}-01`, end);
  }
  const calendar = calendarRange(filter, today);
  if (calendar) return calendar;
  const [year, month] = today.split('-').map(Number);
  return filter.trend === 'year' ? yearRange(year) : monthRange(year, month);
}

/**
 * "Last days" calls: a start and an end date, else month/year, else `days`
 * days ending on the end date (today by default) or starting on the start date.
 */
export function daysWindow(filter: DashboardDaysFilter, today: string): DateRange {
  const { startDate, endDate, days } = filter;
  if (startDate && endDate) return daysRange(startDate, endDate);
  const calendar = calendarRange(filter, today);
  if (calendar) return calendar;
  if (startDate) return daysRange(startDate, addDays(startDate, days - 1));
  const end = endDate || today;
  return daysRange(addDays(end, -(days - 1)), end);
}

/** The range as the wire's inclusive period. */
const periodOf = (range: DateRange): DashboardPeriod => ({ startDate: range.from, endDate: addDays(range.until, -1) });

export function createDashboardService({ db, config }: AppContext) {
  const today = () => todayIn(config.timeZone);

  return {
    async topProducts(filter: TopProductsFilter) {
      const range = periodRange(filter, today());
      const { rows, totalRows } = await repo.topProducts(db, range, filter);
      return { ...pageResponse('report', rows, filter, totalRows), period: periodOf(range) };
    },

    async productStatus(filter: DashboardPeriodFilter) {
      const range = periodRange(filter, today());
      return { report: await repo.productStatus(db, range), period: periodOf(range) };
    },

    async status(filter: DashboardPeriodFilter) {
      const range = periodRange(filter, today());
      return { report: await repo.status(db, range), period: periodOf(range) };
    },

    async statusOverview(filter: DashboardDaysFilter) {
      const range = daysWindow(filter, today());
      const { revenue, ordersProcessed } = await repo.overview(db, range);
      return { report: { revenue: toDollars(revenue), ordersProcessed }, period: periodOf(range) };
    },

    /** One row per day of the window, oldest first; days without invoices are zeros. */
    async salesDaily(filter: DashboardDaysFilter) {
      const range = daysWindow(filter, today());
      const found = new Map((await repo.daily(db, range)).map((r) => [r.date, r]));
      const report = [];
      for (let date = range.from; date < range.until; date = addDays(date, 1)) {
        const row = found.get(date);
        report.push({ date, totalRevenue: toDollars(row?.totalRevenue ?? 0), totalOrders: row?.totalOrders ?? 0 });
      }
      return { report, period: periodOf(range) };
    },

    async salesByCategory(filter: DashboardPeriodFilter) {
      const range = periodRange(filter, today());
      const rows = await repo.byCategory(db, range);
      return {
        report: rows.map((r) => ({ category: r.category, totalSales: toDollars(r.totalSales) })),
        period: periodOf(range),
      };
    },

    async recentInvoices(filter: RecentInvoicesFilter) {
      const { rows, totalRows } = await repo.recentInvoices(db, filter);
      const report = rows.map((r) => ({ ...r, total: toDollars(r.total) }));
      return pageResponse('report', report, filter, totalRows);
    },
  };
}
