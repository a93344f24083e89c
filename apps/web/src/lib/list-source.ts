import type { QueryKey } from '@tanstack/react-query';
import type { Call, CallInput, CallResult, CallRoute, ListFilterInput } from '@wd/contracts';
import { type CallFile, callApi } from './api-client';

/** A page of a list as ListPage shows it. */
export interface ListResult<T, Totals = Record<string, number>> {
  rows: T[];
  currentPage: number;
  numPages: number;
  totalRows: number;
  totals?: Totals;
  /** The whole answer, for a list's other fields (the stock report's count of rows below zero). */
  answer?: Record<string, unknown>;
}

/** Where a list's pages come from: its query key for a filter and the fetch. */
export interface ListSource<T, Totals = Record<string, number>> {
  key: (filter: ListFilterInput & Record<string, unknown>) => QueryKey;
  fetch: (filter: ListFilterInput & Record<string, unknown>) => Promise<ListResult<T, Totals>>;
}

type ItemsKey<R> = { [K in keyof R]: R[K] extends readonly unknown[] ? K : never }[keyof R];
/** The row type of a list call (`products` of `{ products: Product[], … }`). */
export type RowOf<C extends Call> = CallResult<C>[ItemsKey<CallResult<C>>] extends readonly (infer T)[] ? T : never;
/** The footer totals of a list call, where it has them. */
export type TotalsOf<C extends Call> = CallResult<C> extends { totals: infer T } ? T : Record<string, number>;

/** `{ products: [...], currentPage, … }` → ListResult: the one array of the answer holds the rows. */
export function toListResult<T, Totals>(body: Record<string, unknown>): ListResult<T, Totals> {
  const rows = Object.values(body).find(Array.isArray) as T[] | undefined;
  return {
    rows: rows ?? [],
    currentPage: Number(body.currentPage ?? 1),
    numPages: Number(body.numPages ?? 1),
    totalRows: Number(body.totalRows ?? 0),
    totals: body.totals as Totals | undefined,
    answer: body,
  };
}

/**
 * A list call of the table as a ListPage source. `key` is the area's list
 * key (keys.products.list('active')); `params` are the call's path parameters.
 */
export function listSource<C extends Call>(
  call: C | CallRoute<C>,
  key: QueryKey,
  params?: C['params'] extends undefined ? undefined : CallInput<C> extends { params: infer P } ? P : never,
): ListSource<RowOf<C>, TotalsOf<C>> {
  return {
    key: (filter) => [...key, filter],
    fetch: async (filter) =>
      toListResult(
        (await callApi(call, { params, body: filter } as unknown as CallInput<C> & CallFile)) as Record<
          string,
          unknown
        >,
      ),
  };
}
