import { type ListFilterInput, MAX_PAGE_SIZE, type SortItem } from '@wd/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's filter lives in the URL (page, size, q, sort and any extra
 * filters), so reload, back and links keep the page, search and sort.
 */
export type PageSize = number | 'all';

export interface ListParams {
  page: number;
  size: PageSize;
  search: string;
  sort: SortItem | null;
  /** Extra filters by name (biller, status, month …); '' when unset. */
  extra: Record<string, string>;
}

export interface ListParamsApi extends ListParams {
  setPage(page: number): void;
  setSize(size: PageSize): void;
  setSearch(search: string): void;
  /** Cycles a column: none → asc → desc → none. */
  cycleSort(column: string): void;
  /** Sets extra filters; any filter change returns to page 1. */
  setExtra(values: Record<string, string>): void;
  /** The request body for a list call; ALL is sent as the known total (or the maximum). */
  toFilter(totalRows?: number): ListFilterInput & Record<string, unknown>;
}

export function parseSort(text: string | null): SortItem | null {
  if (!text) return null;
  const [column, order] = text.split('.');
  if (!column || (order !== 'asc' && order !== 'desc')) return null;
  return { column, order };
}

export function nextSort(current: SortItem | null, column: string): SortItem | null {
  if (!current || current.column !== column) return { column, order: 'asc' };
  if (current.order === 'asc') return { column, order: 'desc' };
  return null;
}

export function parseSize(text: string | null, fallback: number): PageSize {
  if (text === 'all') return 'all';
  const n = Number(text);
  return Number.isInteger(n) && n > 0 && n <= MAX_PAGE_SIZE ? n : fallback;
}

export interface ListParamsOptions {
  defaultSize?: number;
  defaultSort?: SortItem | null;
  /** Names of extra URL filters, with their defaults. */
  extraDefaults?: Record<string, string>;
  /** Turns extra filters into request fields (e.g. month '3' → 3). */
  mapExtra?: (extra: Record<string, string>) => Record<string, unknown>;
}

export function useListParams(options: ListParamsOptions = {}): ListParamsApi {
  const { defaultSize = 10, defaultSort = null, extraDefaults = {}, mapExtra } = options;
  const [params, setParams] = useSearchParams();

  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const size = parseSize(params.get('size'), defaultSize);
  const search = params.get('q') ?? '';
  const sort = params.has('sort') ? parseSort(params.get('sort')) : defaultSort;
  const extraKey = JSON.stringify(extraDefaults);
  const extraText = Object.keys(extraDefaults)
    .map((k) => `${k}=${params.get(k) ?? ''}`)
    .join('&');
  // biome-ignore lint/correctness/useExhaustiveDependencies: extraText and extraKey stand for params and defaults
  const extra = useMemo(() => {
    const defaults = JSON.parse(extraKey) as Record<string, string>;
    return Object.fromEntries(Object.entries(defaults).map(([k, d]) => [k, params.get(k) ?? d]));
  }, [extraText, extraKey]);

  const update = useCallback(
    (changes: Record<string, string | null>, resetPage: boolean) => {
      // Read the URL as it is now, not as it was at the last render: two quick changes
      // (a month, then a year) must both land.
      const next = new URLSearchParams(window.location.search);
      for (const [k, v] of Object.entries(changes)) {
        if (v === null) next.delete(k);
        else next.set(k, v);
      }
      if (resetPage) next.delete('page');
      // The same list again (a search typed, then Enter) adds no history entry, so Back undoes one real change.
      if (next.toString() === new URLSearchParams(window.location.search).toString()) return;
      // A list's own change (page, search, sort, filter) keeps the scroll; only a new page starts at the top.
      setParams(next, { replace: false, preventScrollReset: true });
    },
    [setParams],
  );

  return {
    page,
    size,
    search,
    sort,
    extra,
    setPage: (p) => update({ page: p <= 1 ? null : String(p) }, false),
    setSize: (s) => update({ size: s === defaultSize ? null : String(s) }, true),
    setSearch: (q) => update({ q: q || null }, true),
    cycleSort: (column) => {
      const next = nextSort(sort, column);
      update({ sort: next ? `${next.column}.${next.order}` : defaultSort ? '' : null }, true);
    },
    setExtra: (values) => update(values, true),
    toFilter: (totalRows) => ({
      currentPage: page,
      resultsPerPage: size === 'all' ? Math.min(MAX_PAGE_SIZE, Math.max(1, totalRows ?? MAX_PAGE_SIZE)) : size,
      searchQuery: search,
      sortingList: sort ? [sort] : [],
      ...(mapExtra ? mapExtra(extra) : extra),
    }),
  };
}
