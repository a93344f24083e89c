import type { ListFilter, SortItem } from '@wd/contracts';
import { type AnyColumn, asc, desc, ilike, or, type SQL, sql } from 'drizzle-orm';
import { ValidationError } from './errors.js';

/**
 * Shared pieces of every list query: search, sort and paging are done in SQL
 * (never by loading everything into JavaScript).
 */
export type Sortable = Record<string, AnyColumn | SQL>;

/** Escapes LIKE wildcards so a search for "50%" finds the text "50%". */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Case-insensitive "contains" over the list's text columns; undefined when the query is blank. */
export function searchCondition(query: string | undefined, columns: (AnyColumn | SQL)[]): SQL | undefined {
  const text = query?.trim();
  if (!text || columns.length === 0) return undefined;
  const pattern = likePattern(text);
  return or(...columns.map((c) => ilike(sql`(${c})::text`, pattern)));
}

/** ORDER BY from the filter's sortingList; an unknown column is a 400, not silently ignored. */
export function orderBy(sortingList: SortItem[] | undefined, sortable: Sortable, fallback: SQL[]): SQL[] {
  const clauses: SQL[] = [];
  for (const item of sortingList ?? []) {
    const column = sortable[item.column];
    if (!column) {
      throw new ValidationError(`sortingList column must be one of ${Object.keys(sortable).join(', ')}`, 'sortingList');
    }
    clauses.push(item.order === 'desc' ? desc(column) : asc(column));
  }
  return [...clauses, ...fallback];
}

export interface Paging {
  limit: number;
  offset: number;
}

export function paging(filter: Pick<ListFilter, 'currentPage' | 'resultsPerPage'>): Paging {
  return { limit: filter.resultsPerPage, offset: (filter.currentPage - 1) * filter.resultsPerPage };
}

/** `{ <key>: rows, currentPage, numPages, totalRows }` */
export function pageResponse<K extends string, T>(
  key: K,
  rows: T[],
  filter: Pick<ListFilter, 'currentPage' | 'resultsPerPage'>,
  totalRows: number,
): { [P in K]: T[] } & { currentPage: number; numPages: number; totalRows: number } {
  return {
    [key]: rows,
    currentPage: filter.currentPage,
    numPages: Math.max(1, Math.ceil(totalRows / filter.resultsPerPage)),
    totalRows,
  } as { [P in K]: T[] } & { currentPage: number; numPages: number; totalRows: number };
}
