import { Button, Group, Paper, Stack } from '@mantine/core';
import { memo, type ReactNode, useDeferredValue, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { showAlert } from '../../lib/alert';
import { errorMessage } from '../../lib/api-client';
import type { ListParamsApi } from '../../lib/list-params';
import type { ListSource } from '../../lib/list-source';
import { pageSizeOptions } from '../../lib/paging';
import { usePhone } from '../../lib/use-phone';
import { type ConfirmOptions, confirm } from '../confirm';
import { type Column, DataTable } from '../DataTable';
import { DeferredSelect } from '../DeferredSelect';
import { Pager, ShowingText } from '../Pager';
import { ListHeader, type ListHeaderActions } from './ListHeader';
import { type RowAction, RowActions } from './RowActions';
import { rowPage } from './row-actions';
import { withRowLink } from './row-link';
import { SearchBox } from './SearchBox';
import { grandTotalLabel } from './total-label';
import { type ListState, type UseListOptions, useList } from './useList';

export type { ListResult } from '../../lib/list-source';
export type { RowAction } from './RowActions';

export interface BulkAction {
  label: string;
  color?: string;
  confirm?: ConfirmOptions;
  run(ids: (string | number)[]): Promise<unknown>;
}

interface ListScreenProps<T, Totals> {
  title: ReactNode;
  /** The columns, or a function of the footer totals and the rows on screen (a column only some pages need). */
  columns: Column<T>[] | ((totals: Totals | undefined, rows: T[]) => Column<T>[]);
  rowKey?: (row: T) => string | number;
  /** The header's buttons: Add New, Back, Recover, Export CSV and the list's own. */
  header?: ListHeaderActions;
  /** Above the table (notes, a summary). */
  intro?: ReactNode;
  rowActions?: (row: T) => RowAction[];
  /** How many row actions show as buttons before the rest go into a menu (0: all in the menu). */
  inlineActions?: number;
  bulkActions?: BulkAction[];
  /** Extra filter controls (Biller, Status, dates …) bound to the URL through params.setExtra. */
  filters?: (params: ListParamsApi) => ReactNode;
  numbered?: boolean;
  /** A footer with the columns' totals over every matching row, labelled "Total (all 1,234 invoices)". */
  withFooter?: boolean;
  /** What a row is, in the singular, for the footer's label ("invoice"; default "row"). */
  rowNoun?: string;
  rowProps?: (row: T) => Record<string, unknown>;
  searchPlaceholder?: string;
  emptyText?: string;
}

/**
 * The shared list screen over a list's state (useList): header buttons, Show selector (ALL asks
 * for the total), filters, search, sortable columns, totals footer, pager, loading and error
 * states, row and bulk actions. The filter lives in the URL.
 */
export function ListScreen<T, Totals>({ list, ...props }: ListScreenProps<T, Totals> & { list: ListState<T, Totals> }) {
  const { params, data, rows } = list;
  const { rowKey = (row: T) => (row as { id: number }).id, inlineActions = 3 } = props;
  const navigate = useNavigate();
  const [selected, setSelected] = useState<Set<string | number>>(new Set());
  // On a phone the filters wait behind a button that says how many are applied: drawn at once they
  // filled the first screen, rows only began below it, and a phone built them all at every start.
  const phone = usePhone();
  const [filtersShown, setFiltersShown] = useState(false);
  const applied = Object.values(params.extra).filter(Boolean).length;

  // The action's mutation hook has invalidated what it changed; the list goes back to page 1.
  const reload = () => {
    setSelected(new Set());
    params.setPage(1);
  };
  const attempt = async (ask: ConfirmOptions | undefined, work: () => Promise<unknown> | unknown, after: boolean) => {
    if (ask && !(await confirm(ask))) return;
    try {
      await work();
      if (after) reload();
    } catch (error) {
      showAlert(errorMessage(error));
    }
  };
  const runAction = (a: RowAction) => (a.to ? navigate(a.to) : attempt(a.confirm, () => a.run?.(), a.reload !== false));
  const runBulk = (b: BulkAction) =>
    selected.size === 0 ? showAlert('There has been an error') : attempt(b.confirm, () => b.run([...selected]), true);

  const rowActions = props.rowActions;
  // A row whose actions include its own page (View) opens it from its first column's link and on a click.
  const pageOf = (row: T) => (rowActions ? rowPage(rowActions(row)) : undefined);
  const opens = rows.some((row) => pageOf(row) !== undefined);
  const listed = typeof props.columns === 'function' ? props.columns(data?.totals, rows) : props.columns;
  const columns = opens ? withRowLink(listed, pageOf) : listed;
  return (
    <Stack gap="md">
      <ListHeader
        title={props.title}
        exportFilter={list.params.latestFilter}
        empty={Boolean(data && !list.isError && data.totalRows === 0)}
        {...props.header}
      />
      {props.intro}
      <Paper withBorder p="sm" radius="md">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-end" gap="sm">
            <Group gap="sm" align="flex-end">
              {list.paginated && (
                <DeferredSelect
                  label="Show"
                  w={90}
                  data={pageSizeOptions(list.defaultSize, params.size)}
                  value={params.size === 'all' ? 'ALL' : String(params.size)}
                  onChange={(v) => v && params.setSize(v === 'ALL' ? 'all' : Number(v))}
                  allowDeselect={false}
                  comboboxProps={{ withinPortal: true }}
                />
              )}
              {props.filters && phone && (
                <Button
                  variant={filtersShown ? 'light' : 'default'}
                  aria-expanded={filtersShown}
                  onClick={() => setFiltersShown((shown) => !shown)}
                >
                  {applied ? `Filters (${applied})` : 'Filters'}
                </Button>
              )}
              {(!phone || filtersShown) && props.filters?.(params)}
            </Group>
            <Group gap="sm" align="flex-end">
              {props.bulkActions?.map((b) => (
                <Button key={b.label} variant="light" color={b.color ?? 'red'} onClick={() => runBulk(b)}>
                  {b.label}
                  {selected.size > 0 ? ` (${selected.size})` : ''}
                </Button>
              ))}
              <SearchBox value={params.search} onSearch={params.setSearch} placeholder={props.searchPlaceholder} />
            </Group>
          </Group>
          <DataTable<T>
            columns={columns}
            rows={rows}
            rowKey={rowKey}
            loading={list.isFetching}
            error={list.isError ? errorMessage(list.error) : null}
            sort={params.sort}
            onSort={params.cycleSort}
            numberFrom={props.numbered ? list.pageStart : undefined}
            selection={props.bulkActions ? { selected, onChange: setSelected } : undefined}
            actions={
              rowActions &&
              ((row: T) => <RowActions actions={rowActions(row)} inline={inlineActions} onRun={runAction} />)
            }
            withFooter={props.withFooter}
            footerLabel={data ? grandTotalLabel(data.totalRows, props.rowNoun) : undefined}
            rowOpen={opens ? { to: pageOf, go: navigate } : undefined}
            rowProps={props.rowProps as never}
            emptyText={props.emptyText}
          />
          {data && !list.isError && (
            <Group justify="space-between">
              <ShowingText shown={rows.length} total={data.totalRows} />
              {list.paginated && (
                <Pager
                  page={params.page}
                  numPages={data.numPages}
                  onPage={params.setPage}
                  count={list.settings.pagesDisplayed}
                />
              )}
            </Group>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}

/**
 * The screen drawn from a deferred list state. An answer reaches the list's query outside any
 * transition, and React renders such an update in one piece: a page of rows, with their menus and
 * links, held the main thread for 100 ms and more on a phone. The query's component (ListPage) takes
 * the answer at once and hands it on through `useDeferredValue`; this memoised screen, whose other
 * props are the page's own and do not change with an answer, is skipped in that urgent render and
 * drawn in the deferred one, which React splits into short slices the browser can interleave with
 * input. The controls' state (`params`) is not deferred; what is typed into the search box is the
 * box's own state, so typing never waits for rows.
 */
const DeferredListScreen = memo(ListScreen) as typeof ListScreen;

/** A list screen of one list source: its query (useList) and the screen over it. */
export function ListPage<T, Totals = Record<string, number>>({
  source,
  params,
  paginated,
  pageSize,
  ...props
}: ListScreenProps<T, Totals> & UseListOptions & { source: ListSource<T, Totals> }) {
  const live = useList(source, { params, paginated, pageSize });
  const shown = useDeferredValue(live);
  // The rows are deferred, the controls are not: the filter, page and sort setters (and Export
  // CSV's latest filter) always start from the address as it is now, never from the one the rows
  // on screen were asked for (a month then a year, quickly, must both land).
  const list = useMemo(() => ({ ...shown, params: live.params }), [shown, live.params]);
  return <DeferredListScreen<T, Totals> list={list} {...props} />;
}
