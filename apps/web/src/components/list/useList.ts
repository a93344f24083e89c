import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Settings } from '@wd/contracts';
import { useRef } from 'react';
import { type ListParamsApi, type ListParamsOptions, useListParams } from '../../lib/list-params';
import type { ListResult, ListSource } from '../../lib/list-source';
import { listPageSize, useSettings } from '../../lib/settings';

export interface UseListOptions {
  /** The list's own URL filters, default sort and page size (a fixed size wins over the settings). */
  params?: ListParamsOptions;
  /** false: every row at once (no Show selector, no pager). */
  paginated?: boolean;
  /** The page size from the settings (default: Results Per Page; the invoice lists have their own rule). */
  pageSize?: (settings: Settings) => number;
}

/** What a list screen shows and everything that reads the same rows (its print, its export). */
export interface ListState<T, Totals> {
  params: ListParamsApi;
  /**
   * The request body of the page on screen: its print uses this very filter. Export CSV reads
   * params.latestFilter() at its click, the filter the controls show even while these rows are
   * still the last filter's.
   */
  filter: ReturnType<ListParamsApi['toFilter']>;
  data: ListResult<T, Totals> | undefined;
  rows: T[];
  isFetching: boolean;
  isError: boolean;
  error: unknown;
  paginated: boolean;
  /** The Show selector's default (the settings' size unless the list fixes one). */
  defaultSize: number;
  /** How many rows come before the page on screen. */
  pageStart: number;
  settings: Settings;
}

/**
 * The one query of a list screen (headless): the filter from the URL with the page size from the
 * Settings, and the page it answers. The table, the pager, the printout and the export of a screen
 * all read this one state, so they can never disagree on the rows.
 */
export function useList<T, Totals>(source: ListSource<T, Totals>, options: UseListOptions = {}): ListState<T, Totals> {
  const { paginated = true, pageSize = listPageSize } = options;
  const { settings, ready } = useSettings();
  const defaultSize = options.params?.defaultSize ?? pageSize(settings);
  const params = useListParams({ ...options.params, defaultSize });
  // ALL asks for as many rows as the last answer counted.
  const lastTotal = useRef<number | undefined>(undefined);
  const filter = paginated
    ? params.toFilter(lastTotal.current)
    : { ...params.toFilter(), currentPage: 1, resultsPerPage: 100_000 };
  const query = useQuery({
    queryKey: source.key(filter),
    queryFn: () => source.fetch(filter),
    placeholderData: keepPreviousData,
    // The page size is known once the settings are.
    enabled: ready,
  });
  const data = query.data;
  if (data) lastTotal.current = data.totalRows;
  return {
    params,
    filter,
    data,
    rows: data?.rows ?? [],
    isFetching: query.isFetching,
    isError: query.isError,
    error: query.error,
    paginated,
    defaultSize,
    pageStart: paginated && typeof filter.resultsPerPage === 'number' ? (params.page - 1) * filter.resultsPerPage : 0,
    settings,
  };
}
