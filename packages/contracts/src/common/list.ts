import { text } from './fields.js';
import { MAX_PAGE, MAX_PAGE_SIZE } from './paging.js';
import { z } from './zod.js';

/** The body of every `…/all/` and report call (docs/api.md, "Lists"). */
export const sortOrder = z.enum(['asc', 'desc']);
export const sortItemSchema = z.object({
  column: text().min(1).max(64),
  order: sortOrder,
});
export type SortItem = z.infer<typeof sortItemSchema>;

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
