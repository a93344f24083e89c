import {
  type AgingRow,
  type BillerReportRow,
  type ColumnSpec,
  type CustomerReportRow,
  type CustomerSummaryRow,
  type DamagedGoodsRow,
  type ProductReportRow,
  REPORT_COLUMNS,
} from '@wd/contracts';
import type { Column } from '../../components/DataTable';
import { type Footer, specColumns } from '../../components/spec-columns';

type Totals<T> = Partial<Record<keyof T, number>> | undefined;

/** Names keep one line at most this wide (px); the rest of a report's columns are numbers. */
const WIDTHS: Record<string, number> = { productName: 320, biller: 240 };
const CUSTOMER_WIDTH: Partial<Record<keyof typeof REPORT_COLUMNS, number>> = {
  customer: 180,
  customerSummary: 320,
  aging: 260,
};

/**
 * A report's columns as its screen and printout show them (the declaration in contracts, which the
 * CSV writes too): every number's footer is its total over every matching row.
 */
function reportTable<T>(name: keyof typeof REPORT_COLUMNS, totals: Totals<T>): Column<T>[] {
  const specs: readonly ColumnSpec[] = REPORT_COLUMNS[name].screen;
  const footers: Record<string, Footer> = {};
  for (const spec of specs) {
    if (spec.kind === 'money' || spec.kind === 'count')
      footers[spec.key] = { value: totals?.[spec.key as keyof T], testId: `report-total-${spec.key}` };
  }
  const width = (key: string) => (key === 'customer' ? CUSTOMER_WIDTH[name] : WIDTHS[key]);
  return specColumns<T>(specs, {
    footers,
    with: Object.fromEntries(specs.filter((s) => width(s.key)).map((s) => [s.key, { maxWidth: width(s.key) }])),
  });
}

/** Each report's columns (the aging report's too). */
export const reportColumns = {
  product: (t: Totals<ProductReportRow>) => reportTable<ProductReportRow>('product', t),
  customer: (t: Totals<CustomerReportRow>) => reportTable<CustomerReportRow>('customer', t),
  customerSummary: (t: Totals<CustomerSummaryRow>) => reportTable<CustomerSummaryRow>('customerSummary', t),
  biller: (t: Totals<BillerReportRow>) => reportTable<BillerReportRow>('biller', t),
  damagedGoods: (t: Totals<DamagedGoodsRow>) => reportTable<DamagedGoodsRow>('damagedGoods', t),
  aging: (t: Totals<AgingRow>) => reportTable<AgingRow>('aging', t),
};
