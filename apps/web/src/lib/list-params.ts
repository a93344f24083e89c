import { type ListFilterInput, MAX_PAGE_SIZE, type SortItem } from '@wd/contracts';
import { useCallback, useEffect, useMemo } from 'react';
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

/** The address a list asked for last and the one it was on then (see nextListSearch). */
let asked: { from: string; to: string } | null = null;

/**
 * The search a list's change leads to, or null when it changes nothing (a search typed, then
 * Enter: no history entry, so Back undoes one real change). It starts from the address asked for
 * last while that one is still on its way (the router commits a new address only once the route's
 * loaders have answered), else from the address as it is now: two quick changes (a month, then a
 * year) must both land, and the second must not put back the address the first one left.
 */
export function nextListSearch(
  current: string,
  changes: Record<string, string | null>,
  resetPage: boolean,
): string | null {
  const now = new URLSearchParams(current).toString();
  const base = asked && asked.from === now ? asked.to : now;
  const next = new URLSearchParams(base);
  for (const [k, v] of Object.entries(changes)) {
    if (v === null) next.delete(k);
    else next.set(k, v);
  }
  if (resetPage) next.delete('page');
  const text = next.toString();
  if (text === base) return null;
  asked = { from: now, to: text };
  return text;
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

  // The address asked for has arrived: from now on the address itself is where changes start (so
  // that Back, then a change, starts from where Back went).
  const committed = params.toString();
  useEffect(() => {
    if (asked?.to === committed) asked = null;
  }, [committed]);

  const update = useCallback(
    (changes: Record<string, string | null>, resetPage: boolean) => {
      const next = nextListSearch(window.location.search, changes, resetPage);
      // A list's own change (page, search, sort, filter) keeps the scroll; only a new page starts at the top.
      if (next !== null) setParams(new URLSearchParams(next), { replace: false, preventScrollReset: true });
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
