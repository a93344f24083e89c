import { Box, Text, Title } from '@mantine/core';
import { PRODUCT_NAME } from '@wd/contracts';
import { type Column, DataTable } from '../../../components/DataTable';
import { grandTotalLabel } from '../../../components/list/total-label';
import type { ListResult } from '../../../lib/list-source';

/**
 * The print CSS of a page with a print-only part: on paper the screen's part (`screen`), the
 * menu and header are hidden and `print` shows instead; rows are not split across pages and the
 * table's head repeats on each.
 */
export function printCss(screen: string, print: string, size: 'landscape' | 'portrait') {
  return `
.${print} { display: none; }
@media print {
  @page { size: ${size}; margin: 10mm; }
  html, body { background: #fff !important; }
  .${screen}, .mantine-AppShell-header, .mantine-AppShell-navbar, .mantine-AppShell-footer,
  .mantine-Notifications-root { display: none !important; }
  .mantine-AppShell-main { padding: 0 !important; min-height: 0 !important; background: #fff !important; transition: none !important; }
  .${print} { display: block; }
  .${print} table { font-size: 10pt; }
  .${print} tr { break-inside: avoid; }
  .${print} thead { display: table-header-group; }
  .${print} tfoot { display: table-row-group; }
}`;
}
/**
 * What the browser prints (the same page, print CSS): the screen (menu,
 * controls, pager) is hidden and this shows instead, with the report's title,
 * its filter in words, the rows on screen and the totals over every matching
 * row. Landscape, so the widest report (My Report) fits.
 */
const PRINT_CSS = printCss('report-screen', 'report-print', 'landscape');

export function ReportPrint<T>({
  title,
  words,
  columns,
  rowKey,
  data,
  firstRow,
  rowNoun,
}: {
  title: string;
  words: string[];
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  data: ListResult<T, unknown> | undefined;
  firstRow: number;
  /** What a row is, for the totals' label (default "row"). */
  rowNoun?: string;
}) {
  const rows = data?.rows ?? [];
  const shown =
    data && rows.length > 0 && rows.length < data.totalRows
      ? `Rows ${firstRow + 1}–${firstRow + rows.length} of ${data.totalRows}; totals over all ${data.totalRows}`
      : `${data?.totalRows ?? 0} rows`;
  return (
    <>
      <style>{PRINT_CSS}</style>
      <Box className="report-print" data-testid="report-print">
        <Text fz="xs" c="dimmed">
          {PRODUCT_NAME}
        </Text>
        <Title order={2} mb={4}>
          {title}
        </Title>
        <Text fz="sm" data-testid="report-print-filter">
          {words.join(' · ')}
        </Text>
        <Text fz="xs" c="dimmed" mb="sm">
          {shown} · printed {new Date().toLocaleString('en-US')}
        </Text>
        <DataTable<T>
          columns={columns}
          rows={rows}
          rowKey={rowKey}
          withFooter
          footerLabel={grandTotalLabel(data?.totalRows ?? 0, rowNoun)}
        />
      </Box>
    </>
  );
}
