import { type ListFilterInput, MAX_PAGE_SIZE, type SortItem } from '@wd/contracts';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
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
  /**
   * The request body for what the controls show now (latestListSearch), read at the moment it is
   * called: Export CSV right after a typed year exports that year, even before the rows have.
   */
  latestFilter(): ListFilterInput & Record<string, unknown>;
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

/**
 * The address a list asked for last, and every address it passed through on the way there: the one
 * the first of these quick changes was made on and each one asked for since. The router may commit
 * one of those in-between addresses before the last has arrived (or skip it); from any of them the
 * controls still stand at the last one asked for.
 */
let asked: { to: string; via: Set<string> } | null = null;

/** Forgets the changes on their way (Back or Forward went elsewhere, or the last one arrived). */
export function forgetAsked(): void {
  asked = null;
}

// Back and Forward leave the chain of quick changes: the address they reach is where changes start.
if (typeof window !== 'undefined') window.addEventListener('popstate', forgetAsked);

function onTheWay(now: string): boolean {
  return asked !== null && (asked.to === now || asked.via.has(now));
}

/**
 * The search a list's controls stand at: the address asked for last while it is still on its way
 * (the router commits a new address only once the route's loaders have answered), else the
 * address as it is now. The screen's rows can lag behind both: the router renders a committed
 * address in a transition, so for a moment the address is new and the rendered state is not.
 */
export function latestListSearch(current: string): string {
  const now = new URLSearchParams(current).toString();
  return asked && onTheWay(now) ? asked.to : now;
}

/**
 * The search a list's change leads to, or null when it changes nothing (a search typed, then
 * Enter: no history entry, so Back undoes one real change). It starts from latestListSearch: quick
 * changes (a waiting search, a month, then a year) must all land, whichever of the addresses in
 * between the router has committed when the next one is made.
 */
export function nextListSearch(
  current: string,
  changes: Record<string, string | null>,
  resetPage: boolean,
): string | null {
  const now = new URLSearchParams(current).toString();
  const base = latestListSearch(current);
  const next = new URLSearchParams(base);
  for (const [k, v] of Object.entries(changes)) {
    if (v === null) next.delete(k);
    else next.set(k, v);
  }
  if (resetPage) next.delete('page');
  const text = next.toString();
  if (text === base) return null;
  const via = asked && onTheWay(now) ? asked.via : new Set<string>();
  via.add(now);
  via.add(base);
  asked = { to: text, via };
  return text;
}

/**
 * The router committed an address: the last one asked for has arrived, or the list went somewhere
 * the quick changes did not lead (Back, a link): either way changes start from the address again.
 * An address in between keeps the chain: the last change is still on its way.
 */
export function committedListSearch(current: string): void {
  const now = new URLSearchParams(current).toString();
  if (asked && (asked.to === now || !asked.via.has(now))) asked = null;
}

/** The list's state in a search (page, size, search, sort and the extra filters, defaults filled in). */
export function readListParams(params: URLSearchParams, options: ListParamsOptions = {}): ListParams {
  const { defaultSize = 10, defaultSort = null, extraDefaults = {} } = options;
  return {
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
    size: parseSize(params.get('size'), defaultSize),
    search: params.get('q') ?? '',
    sort: params.has('sort') ? parseSort(params.get('sort')) : defaultSort,
    extra: Object.fromEntries(Object.entries(extraDefaults).map(([k, d]) => [k, params.get(k) ?? d])),
  };
}

/** A list call's request body for a list state; ALL is sent as the known total (or the maximum). */
export function listFilter(p: ListParams, mapExtra: ListParamsOptions['mapExtra'], totalRows?: number) {
  return {
    currentPage: p.page,
    resultsPerPage: p.size === 'all' ? Math.min(MAX_PAGE_SIZE, Math.max(1, totalRows ?? MAX_PAGE_SIZE)) : p.size,
    searchQuery: p.search,
    sortingList: p.sort ? [p.sort] : [],
    ...(mapExtra ? mapExtra(p.extra) : p.extra),
  } as ListFilterInput & Record<string, unknown>;
}

export function useListParams(options: ListParamsOptions = {}): ListParamsApi {
  const { defaultSize = 10, defaultSort = null, mapExtra } = options;
  const [params, setParams] = useSearchParams();
  const read = readListParams(params, options);
  const { page, size, search, sort } = read;
  // The extra filters keep their identity while their values do (effects and memos depend on them).
  const extraText = JSON.stringify(read.extra);
  // biome-ignore lint/correctness/useExhaustiveDependencies: extraText stands for the values
  const extra = useMemo(() => read.extra, [extraText]);

  // The last address asked for has arrived, or the list went elsewhere: from now on the address
  // itself is where changes start (so that Back, then a change, starts from where Back went).
  const committed = params.toString();
  useEffect(() => committedListSearch(committed), [committed]);

  // Changes start from the rendered address, as latestFilter does: the address asked for last was
  // asked from it (window.location would do as well in the browser, but not under a memory router).
  // The latest rendered one, through a ref: a setter kept from an earlier render (the search box's
  // waiting search, typed before a month was picked) must not start from the address of that
  // render, or the month the address has since gained is dropped.
  const rendered = useRef(committed);
  useLayoutEffect(() => {
    rendered.current = committed;
  }, [committed]);
  const update = useCallback(
    (changes: Record<string, string | null>, resetPage: boolean) => {
      const next = nextListSearch(rendered.current, changes, resetPage);
      // A list's own change (page, search, sort, filter) keeps the scroll; only a new page starts at the top.
      if (next !== null) setParams(new URLSearchParams(next), { replace: false, preventScrollReset: true });
    },
    [setParams],
  );

  // One object per address (and options): a list screen drawn from a deferred state takes these
  // live controls beside it and is skipped, as memoised, while only its rows change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the values read here all follow `committed` and the options named
  return useMemo<ListParamsApi>(
    () => ({
      page,
      size,
      search,
      sort,
      extra,
      setPage: (p) => update({ page: p <= 1 ? null : String(p) }, false),
      setSize: (s) => update({ size: s === defaultSize ? null : String(s) }, true),
      setSearch: (q) => update({ q: q || null }, true),
      cycleSort: (column) => {
        // From the sort the controls stand at, not the rendered one: a second click before the list
        // has rendered the first must go on to the next order, not ask for the same one again.
        const latest = readListParams(new URLSearchParams(latestListSearch(rendered.current)), options).sort;
        const next = nextSort(latest, column);
        update({ sort: next ? `${next.column}.${next.order}` : defaultSort ? '' : null }, true);
      },
      setExtra: (values) => update(values, true),
      toFilter: (totalRows) => listFilter({ page, size, search, sort, extra }, mapExtra, totalRows),
      latestFilter: () =>
        listFilter(readListParams(new URLSearchParams(latestListSearch(rendered.current)), options), mapExtra),
    }),
    [committed, update, defaultSize, defaultSort, mapExtra],
  );
}
