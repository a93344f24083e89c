import { Box, Button, Select } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { REPORT_TITLES, type ReportName } from '@wd/contracts';
import { useRef, useState } from 'react';
import type { Column } from '../../../components/DataTable';
import { ListPage, type RowAction } from '../../../components/ListPage';
import { showAlert } from '../../../lib/alert';
import { errorMessage } from '../../../lib/api-client';
import { type ListParamsOptions, useListParams } from '../../../lib/list-params';
import type { ListSource } from '../../../lib/list-source';
import { useBillerOptions } from '../../billers/api';
import * as Filter from '../../invoices/components/ListFilters';
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

interface ReportPageProps<T, Totals> {
  name: ReportName;
  source: ListSource<T, Totals>;
  columns: (totals: Totals | undefined) => Column<T>[];
  rowKey: (row: T) => string | number;
  status?: StatusMode;
  /** The Biller Report's Biller select ('Choose...'); SPEC.md: it is not used in the request. */
  billerSelect?: boolean;
  rowActions?: (row: T) => RowAction[];
}

/**
 * One report screen (SPEC.md "Reports"): the shared list screen with the
 * period, status, search and Show controls in the URL, Print and Export CSV,
 * and the print-only version of the same page.
 */
export function ReportPage<T, Totals>(props: ReportPageProps<T, Totals>) {
  const { name, source, status = 'shown' } = props;
  const title = REPORT_TITLES[name];
  const options = paramsFor(status);
  // The same query as ListPage's (same key, so one request): the printout and the Biller status read it.
  const params = useListParams(options);
  const lastTotal = useRef<number | undefined>(undefined);
  const filter = params.toFilter(lastTotal.current);
  const query = useQuery({
    queryKey: source.key(filter),
    queryFn: () => source.fetch(filter),
    placeholderData: keepPreviousData,
  });
  if (query.data) lastTotal.current = query.data.totalRows;
  const [exporting, setExporting] = useState(false);
  const [biller, setBiller] = useState<string | null>(null);
  const statusShown = status === 'shown' || (status === 'onError' && query.isError);

  const columns = props.columns(query.data?.totals);
  const titles = Object.fromEntries(columns.map((c) => [c.key, c.title]));
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadReportCsv(name, filter as never);
    } catch (error) {
      showAlert(errorMessage(error));
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <Box className="report-screen">
        <ListPage<T, Totals>
          title={title}
          source={source}
          columns={props.columns}
          rowKey={props.rowKey}
          withFooter
          params={options}
          rowActions={props.rowActions}
          emptyText="No records found"
          headerActions={
            <>
              <Button variant="default" onClick={() => window.print()}>
                Print
              </Button>
              <Button variant="light" loading={exporting} onClick={exportCsv}>
                Export CSV
              </Button>
            </>
          }
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
      </Box>
      <ReportPrint<T>
        title={title}
        words={filterWords(params, titles, statusShown)}
        columns={columns}
        rowKey={props.rowKey}
        data={query.data}
        firstRow={((filter.currentPage ?? 1) - 1) * (filter.resultsPerPage ?? 10)}
      />
    </>
  );
}
