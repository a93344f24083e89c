import { Box, Button, Select } from '@mantine/core';
import { REPORT_TITLES, type ReportName } from '@wd/contracts';
import { type ReactNode, useEffect, useState } from 'react';
import type { Column } from '../../../components/DataTable';
import { ExportCsvButton } from '../../../components/ExportCsvButton';
import * as Filter from '../../../components/ListFilters';
import { ListScreen, type RowAction } from '../../../components/list/ListPage';
import { useList } from '../../../components/list/useList';
import type { ListParamsApi, ListParamsOptions } from '../../../lib/list-params';
import type { ListSource } from '../../../lib/list-source';
import { useBillerOptions } from '../../billers/api';
import { downloadReportCsv } from '../api';
import { filterWords } from '../filter-words';
import { ReportPrint } from './ReportPrint';

/** The Biller Report's Biller select: its billers load only where it shows. */
function BillerChoice({ value, onChange }: { value: string | null; onChange(value: string | null): void }) {
  const billers = useBillerOptions();
  return (
    <Select
      label="Biller"
      placeholder="Choose..."
      w={180}
      clearable
      data={(billers.data ?? []).map((b) => ({ value: String(b.id), label: b.company }))}
      value={value}
      onChange={onChange}
    />
  );
}

/** What a row of each report is: the totals' label counts them ("Total (all 12 customers)"). */
const ROW_NOUNS: Record<ReportName, string> = {
  product: 'product',
  customer: 'customer',
  customerSummary: 'customer',
  biller: 'biller',
  damagedGoods: 'product',
};

/** Where the Status filter shows: always, never (Customer Summary, Damaged Goods), or only with an error (Biller). */
export type StatusMode = 'shown' | 'hidden' | 'onError';

const STATUS_OPTIONS = ['All', 'DUE', 'PAID', 'REFUND'];

function paramsFor(status: StatusMode): ListParamsOptions {
  return {
    extraDefaults: { startDate: '', endDate: '', month: '', year: '', status: '' },
    // A report without a status control sends none.
    mapExtra: (e) => ({ ...Filter.period(e), ...(status === 'hidden' ? {} : { status: e.status }) }),
  };
}

interface ReportScreenProps<T, Totals> {
  title: string;
  source: ListSource<T, Totals>;
  columns: (totals: Totals | undefined) => Column<T>[];
  rowKey: (row: T) => string | number;
  /** The report's own URL filters and how they become request fields. */
  params: ListParamsOptions;
  /** The filter controls beside the search box. */
  filters?: (p: ListParamsApi) => ReactNode;
  /** The printout's words for the filter (the search and sort are added by filterWords). */
  words: (p: ListParamsApi, titles: Record<string, string>) => string[];
  /** Downloads the report as CSV with the screen's filter. */
  exportCsv: (filter: Record<string, unknown>) => Promise<void>;
  rowActions?: (row: T) => RowAction[];
  /** Called with the query's state, e.g. to show a control only when the report fails. */
  onState?: (state: { isError: boolean }) => void;
  /** More buttons before Print and Export CSV (a count, a load…). */
  actions?: ReactNode;
  /** Shown above the table, from the answer (a flag the office should see). */
  intro?: (data: unknown) => ReactNode;
  /** What a row is, in the singular, for the totals' label "Total (all 12 customers)" (default "row"). */
  rowNoun?: string;
  searchPlaceholder?: string;
  emptyText?: string;
}

/**
 * One report screen (the aging report too): the shared list screen with its filters, search and
 * Show controls in the URL, Print and Export CSV, and the print-only version of the same page.
 * The screen, the printout and the export read one list state (useList): the printout is the page
 * on screen, with its page size from the Settings, and the CSV has the screen's filter.
 */
export function ReportScreen<T, Totals>(props: ReportScreenProps<T, Totals>) {
  const list = useList(props.source, { params: props.params });
  const { onState } = props;
  const isError = list.isError;
  useEffect(() => onState?.({ isError }), [onState, isError]);

  const columns = props.columns(list.data?.totals);
  const titles = Object.fromEntries(columns.map((c) => [c.key, c.title]));

  return (
    <>
      <Box className="report-screen">
        <ListScreen<T, Totals>
          list={list}
          title={props.title}
          columns={props.columns}
          rowKey={props.rowKey}
          withFooter
          rowNoun={props.rowNoun}
          rowActions={props.rowActions}
          emptyText={props.emptyText ?? 'No records found'}
          searchPlaceholder={props.searchPlaceholder}
          intro={props.intro?.(list.data)}
          header={{
            actions: (
              <>
                {props.actions}
                <Button variant="default" onClick={() => window.print()}>
                  Print
                </Button>
                <ExportCsvButton run={() => props.exportCsv(list.params.latestFilter())} />
              </>
            ),
          }}
          filters={props.filters}
        />
      </Box>
      <ReportPrint<T>
        title={props.title}
        words={props.words(list.params, titles)}
        columns={columns}
        rowKey={props.rowKey}
        data={list.data}
        firstRow={list.pageStart}
        rowNoun={props.rowNoun}
      />
    </>
  );
}

interface ReportPageProps<T, Totals> {
  name: ReportName;
  source: ListSource<T, Totals>;
  columns: (totals: Totals | undefined) => Column<T>[];
  rowKey: (row: T) => string | number;
  status?: StatusMode;
  /** The Biller Report's Biller select ('Choose...'); it is accepted and not used in the request. */
  billerSelect?: boolean;
  rowActions?: (row: T) => RowAction[];
}

/** One of the five reports: the period filters, Status where it shows, and the Biller select. */
export function ReportPage<T, Totals>(props: ReportPageProps<T, Totals>) {
  const { name, status = 'shown' } = props;
  const [biller, setBiller] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const statusShown = status === 'shown' || (status === 'onError' && failed);
  return (
    <ReportScreen<T, Totals>
      title={REPORT_TITLES[name]}
      source={props.source}
      columns={props.columns}
      rowKey={props.rowKey}
      params={paramsFor(status)}
      rowNoun={ROW_NOUNS[name]}
      rowActions={props.rowActions}
      onState={status === 'onError' ? ({ isError }) => setFailed(isError) : undefined}
      exportCsv={(filter) => downloadReportCsv(name, filter as never)}
      words={(p, titles) => filterWords(p, titles, statusShown)}
      filters={(p) => (
        <>
          <Filter.DateRange p={p} />
          <Filter.MonthYear p={p} />
          {statusShown && (
            <Select
              label="Status"
              w={110}
              data={STATUS_OPTIONS}
              value={p.extra.status || 'All'}
              allowDeselect={false}
              onChange={(v) => p.setExtra({ status: !v || v === 'All' ? '' : v })}
            />
          )}
          {props.billerSelect && <BillerChoice value={biller} onChange={setBiller} />}
        </>
      )}
    />
  );
}
