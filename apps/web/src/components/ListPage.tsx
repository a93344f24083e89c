import { Button, Group, Menu, Paper, Select, Stack, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Call } from '@wd/contracts';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { showAlert } from '../lib/alert';
import { errorMessage } from '../lib/api-client';
import { type ListParamsApi, type ListParamsOptions, useListParams } from '../lib/list-params';
import type { ListSource } from '../lib/list-source';
import { isNavigating } from '../lib/navigation-state';
import { pageSizeOptions } from '../lib/paging';
import { useSettings } from '../lib/settings';
import { type ConfirmOptions, confirm } from './confirm';
import { type Column, DataTable } from './DataTable';
import { downloadListCsv, ExportCsvButton } from './ExportCsvButton';
import { Pager, ShowingText } from './Pager';

export type { ListResult } from '../lib/list-source';

export interface RowAction {
  label: string;
  /** A link … */
  to?: string;
  /** … or an action; when it resolves the list reloads at page 1. */
  run?: () => Promise<unknown> | unknown;
  /** Asked first (Yes/No). */
  confirm?: ConfirmOptions;
  /** false: the action only opens something (a dialog); the list does not reload. */
  reload?: boolean;
  color?: string;
  hidden?: boolean;
}

export interface BulkAction {
  label: string;
  color?: string;
  confirm?: ConfirmOptions;
  run(ids: (string | number)[]): Promise<unknown>;
}

interface ListPageProps<T, Totals> {
  title: ReactNode;
  /** Where the pages come from (listSource of a list call). */
  source: ListSource<T, Totals>;
  /** The columns, or a function of the footer totals and the rows on screen (a column only some pages need). */
  columns: Column<T>[] | ((totals: Totals | undefined, rows: T[]) => Column<T>[]);
  rowKey?: (row: T) => string | number;
  addNewTo?: string;
  addNewLabel?: string;
  backTo?: string;
  /** A Back button while the list has no rows: one step back in history (undoing the last filter), else `/`. */
  backWhenEmpty?: boolean;
  /** More buttons beside Back and Add New. */
  headerActions?: ReactNode;
  /** The list's Export CSV call: a button that downloads every row under the current filter and sort. */
  exportCsv?: Call;
  /** The export call's path parameters (a price group's items: its id). */
  exportParams?: Record<string, unknown>;
  /** The area's recover list (soft-deleted records): a Recover button. */
  recoverTo?: string;
  /** Above the table (notes, a summary). */
  intro?: ReactNode;
  rowActions?: (row: T) => RowAction[];
  /** How many row actions show as buttons before the rest go into a menu (0: all in the menu). */
  inlineActions?: number;
  bulkActions?: BulkAction[];
  /** Extra filter controls (Biller, Status, dates …) bound to the URL through params.setExtra. */
  filters?: (params: ListParamsApi) => ReactNode;
  params?: ListParamsOptions;
  /** false: every row at once (no Show selector, no pager). */
  paginated?: boolean;
  numbered?: boolean;
  withFooter?: boolean;
  rowProps?: (row: T) => Record<string, unknown>;
  searchPlaceholder?: string;
  emptyText?: string;
}

/**
 * The shared list screen: Add New, search (resets to page 1), Show selector
 * (ALL sends the total), sortable columns, totals footer, pagination, loading
 * and error states, row actions and bulk actions. The filter lives in the URL.
 */
export function ListPage<T, Totals = Record<string, number>>(props: ListPageProps<T, Totals>) {
  const { title, source, rowKey = (row: T) => (row as { id: number }).id, paginated = true, inlineActions = 3 } = props;
  // The default page size and the pager's buttons come from the settings (docs/settings.md).
  const { settings, ready } = useSettings();
  const ownSize = source.key({})[0] === 'invoices' && !settings.invoiceResultsPerPage ? 10 : settings.resultsPerPage;
  const defaultSize = props.params?.defaultSize ?? ownSize;
  const params = useListParams({ ...props.params, defaultSize });
  const navigate = useNavigate();
  const lastTotal = useRef<number | undefined>(undefined);
  const filter = paginated
    ? params.toFilter(lastTotal.current)
    : { ...params.toFilter(), currentPage: 1, resultsPerPage: 100_000 };
  const query = useQuery({
    queryKey: source.key(filter),
    queryFn: () => source.fetch(filter),
    placeholderData: keepPreviousData,
    enabled: ready,
  });
  const data = query.data;
  if (data) lastTotal.current = data.totalRows;

  const [selected, setSelected] = useState<Set<string | number>>(new Set());
  const [search, setSearch] = useState(params.search);
  useEffect(() => setSearch(params.search), [params.search]);
  // Typing searches after a pause; leaving the page first cancels it (else it would navigate back here).
  const searchTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(searchTimer.current), []);
  // A navigation under way (a row link clicked while the search waits) wins over the search.
  const pushSearch = (q: string) => {
    clearTimeout(searchTimer.current);
    const path = window.location.pathname;
    searchTimer.current = setTimeout(() => {
      // Not when the user has left meanwhile: the URL may already show the next page
      // while this one is still mounted (React finishes the switch a moment later).
      if (!isNavigating() && window.location.pathname === path) params.setSearch(q.trim());
    }, 300);
  };

  // The action's mutation hook has invalidated what it changed; the list goes back to page 1.
  const reload = () => {
    setSelected(new Set());
    params.setPage(1);
  };

  const runAction = async (action: RowAction) => {
    if (action.to) return navigate(action.to);
    if (action.confirm && !(await confirm(action.confirm))) return;
    try {
      await action.run?.();
      if (action.reload !== false) reload();
    } catch (error) {
      showAlert(errorMessage(error));
    }
  };

  const runBulk = async (action: BulkAction) => {
    if (action.confirm && !(await confirm(action.confirm))) return;
    if (selected.size === 0) return showAlert('There has been an error');
    try {
      await action.run([...selected]);
      reload();
    } catch (error) {
      showAlert(errorMessage(error));
    }
  };

  const columns = typeof props.columns === 'function' ? props.columns(data?.totals, data?.rows ?? []) : props.columns;
  const sizeOptions = pageSizeOptions(defaultSize, params.size);
  const rows = data?.rows ?? [];
  const pageStart =
    paginated && typeof filter.resultsPerPage === 'number' ? (params.page - 1) * filter.resultsPerPage : 0;

  const renderActions = props.rowActions
    ? (row: T) => {
        const actions = props.rowActions!(row).filter((a) => !a.hidden);
        // Past `inlineActions`, the rest (and with 0, all) go into a compact ⋯ menu.
        const inline = actions.slice(
          0,
          actions.length > inlineActions ? Math.max(inlineActions - 1, 0) : inlineActions,
        );
        const more = actions.slice(inline.length);
        return (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            {inline.map((a) =>
              a.to ? (
                <Button key={a.label} component={Link} to={a.to} size="compact-xs" variant="light" color={a.color}>
                  {a.label}
                </Button>
              ) : (
                <Button key={a.label} size="compact-xs" variant="light" color={a.color} onClick={() => runAction(a)}>
                  {a.label}
                </Button>
              ),
            )}
            {more.length > 0 && (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <Button size="compact-xs" variant="default" aria-label="More actions" title="More actions">
                    ⋯
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {more.map((a) => (
                    <Menu.Item key={a.label} color={a.color} onClick={() => runAction(a)}>
                      {a.label}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
            )}
          </Group>
        );
      }
    : undefined;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={2}>{title}</Title>
        <Group gap="xs">
          {props.headerActions}
          {props.exportCsv && (
            <ExportCsvButton
              run={() =>
                downloadListCsv(props.exportCsv as Call, filter as Record<string, unknown>, props.exportParams)
              }
            />
          )}
          {props.recoverTo && (
            <Button variant="default" component={Link} to={props.recoverTo}>
              Recover
            </Button>
          )}
          {props.backTo && (
            <Button variant="default" component={Link} to={props.backTo}>
              Back
            </Button>
          )}
          {props.backWhenEmpty && !props.backTo && data && !query.isError && data.totalRows === 0 && (
            <Button variant="default" onClick={() => (window.history.state?.idx > 0 ? navigate(-1) : navigate('/'))}>
              Back
            </Button>
          )}
          {props.addNewTo && (
            <Button component={Link} to={props.addNewTo}>
              {props.addNewLabel ?? 'Add New'}
            </Button>
          )}
        </Group>
      </Group>
      {props.intro}
      <Paper withBorder p="sm" radius="md">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-end" gap="sm">
            <Group gap="sm" align="flex-end">
              {paginated && (
                <Select
                  label="Show"
                  w={90}
                  data={sizeOptions}
                  value={params.size === 'all' ? 'ALL' : String(params.size)}
                  onChange={(v) => v && params.setSize(v === 'ALL' ? 'all' : Number(v))}
                  allowDeselect={false}
                  comboboxProps={{ withinPortal: true }}
                />
              )}
              {props.filters?.(params)}
            </Group>
            <Group gap="sm" align="flex-end">
              {props.bulkActions?.map((b) => (
                <Button key={b.label} variant="light" color={b.color ?? 'red'} onClick={() => runBulk(b)}>
                  {b.label}
                  {selected.size > 0 ? ` (${selected.size})` : ''}
                </Button>
              ))}
              <TextInput
                label="Search"
                placeholder={props.searchPlaceholder ?? 'Search…'}
                value={search}
                w={260}
                onChange={(e) => {
                  setSearch(e.currentTarget.value);
                  pushSearch(e.currentTarget.value);
                }}
                onKeyDown={(e) => {
                  if (e.key !== 'Enter') return;
                  clearTimeout(searchTimer.current);
                  params.setSearch(search.trim());
                }}
              />
            </Group>
          </Group>
          <DataTable<T>
            columns={columns}
            rows={rows}
            rowKey={rowKey}
            loading={query.isFetching}
            error={query.isError ? errorMessage(query.error) : null}
            sort={params.sort}
            onSort={params.cycleSort}
            numberFrom={props.numbered ? pageStart : undefined}
            selection={props.bulkActions ? { selected, onChange: setSelected } : undefined}
            actions={renderActions}
            withFooter={props.withFooter}
            rowProps={props.rowProps as never}
            emptyText={props.emptyText}
          />
          {data && !query.isError && (
            <Group justify="space-between">
              <ShowingText shown={rows.length} total={data.totalRows} />
              {paginated && (
                <Pager
                  page={params.page}
                  numPages={data.numPages}
                  onPage={params.setPage}
                  count={settings.pagesDisplayed}
                />
              )}
            </Group>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
