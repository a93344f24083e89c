import { z } from 'zod';
import { text } from './fields.js';

/** The body of every `…/all/` and report call (docs/api.md, "Lists"). */
export const sortOrder = z.enum(['asc', 'desc']);
export const sortItemSchema = z.object({
  column: text().min(1).max(64),
  order: sortOrder,
});
export type SortItem = z.infer<typeof sortItemSchema>;

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const MAX_PAGE_SIZE = 100_000;
/**
 * The highest page a list takes. (page − 1) × page size becomes the SQL
 * OFFSET: bounded so, it stays an exact whole number (at most 10^11) the
 * database takes, where 2^53 − 1 overflowed it. No list comes near a million
 * pages; a page past the last answers no rows, like any page past the end.
 */
export const MAX_PAGE = 1_000_000;

/**
 * A list's page size: 1 … MAX_PAGE_SIZE on every list, `size` when left out.
 * A list with another default (the dashboard's top 6 and latest 5) changes
 * only the default, never the bound.
 */
export const pageSize = (size: number) => z.int().min(1).max(MAX_PAGE_SIZE).default(size);

export const listFilterSchema = z.object({
  currentPage: z.int().min(1).max(MAX_PAGE).default(1),
  resultsPerPage: pageSize(10),
  searchQuery: text().max(200).default(''),
  sortingList: z.array(sortItemSchema).max(8).default([]),
});
export type ListFilter = z.infer<typeof listFilterSchema>;
/** A list call's body; a missing body means the first page with defaults. */
export const listBody = z.preprocess((v) => v ?? {}, listFilterSchema);
export type ListFilterInput = z.input<typeof listFilterSchema>;

/** Lists and reports that filter by time or state add these. */
export const periodFilterFields = {
  startDate: z.union([z.iso.date(), z.literal('')]).optional(),
  endDate: z.union([z.iso.date(), z.literal('')]).optional(),
  month: z.union([z.int().min(1).max(12), z.literal('')]).optional(),
  year: z.union([z.int().min(1900).max(9999), z.literal('')]).optional(),
};

/** Paging fields beside the items of every list response. */
export const pageFields = {
  currentPage: z.int(),
  numPages: z.int(),
  totalRows: z.int(),
};

/** `{ <key>: T[], currentPage, numPages, totalRows }` */
export function listResponse<K extends string, T extends z.ZodType>(key: K, item: T) {
  return z.object({ [key]: z.array(item), ...pageFields } as { [P in K]: z.ZodArray<T> } & typeof pageFields);
}

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
