/** The bounds of a list's pages and the shape of a page, apart from the list schemas (list.ts). */

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const MAX_PAGE_SIZE = 100_000;
/**
 * The highest page a list takes. (page − 1) × page size becomes the SQL
 * OFFSET: bounded so, it stays an exact whole number (at most 10^11) the
 * database takes, where 2^53 − 1 overflowed it. No list comes near a million
 * pages; a page past the last answers no rows, like any page past the end.
 */
export const MAX_PAGE = 1_000_000;

export interface Page<T> {
  rows: T[];
  currentPage: number;
  numPages: number;
  totalRows: number;
}

/** The period part of a list or report filter ('' means not set). */
export interface PeriodFilter {
  startDate?: string;
  endDate?: string;
  month?: number | '';
  year?: number | '';
}
