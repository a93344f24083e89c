import { REPORT_TITLES, type ReportFilter, type ReportName } from '@wd/contracts';
import { tableCsv } from '../../lib/csv.js';

/** Each report's CSV columns, in the screen's order: the row field and its header. */
export const REPORT_COLUMNS: Record<ReportName, [key: string, title: string][]> = {
  product: [
    ['barcode', 'Barcode'],
    ['productName', 'Product Name'],
    ['totalCostPrice', 'Total Cost Price'],
    ['totalSellingPrice', 'Total Selling Price'],
    ['totalQuantitySold', 'Total Quantity Sold'],
    ['totalProfit', 'Total Profit'],
  ],
  customer: [
    ['customer', 'Customer'],
    ['totalInvoices', 'Total Invoices'],
    ['awardPoints', 'Award Points'],
    ['totalCost', 'Total Cost'],
    ['totalSelling', 'Total Selling'],
    ['totalPaid', 'Total Paid'],
    ['discount', 'Discount'],
    ['resellableGoods', 'Resellable Goods'],
    ['damagedGoods', 'Damaged Goods'],
    ['totalDue', 'Total Due'],
    ['totalProfit', 'Total Profit'],
  ],
  customerSummary: [
    ['customer', 'Customer'],
    ['id', 'Customer ID'],
    ['totalInvoices', 'Total Invoices'],
    ['totalAmount', 'Total Amount'],
    ['totalPaid', 'Total Paid'],
    ['totalDue', 'Total Due'],
  ],
  biller: [
    ['biller', 'Biller'],
    ['totalCost', 'Total Cost'],
    ['totalSelling', 'Total Selling'],
    ['awardPoints', 'Award Points'],
    ['discount', 'Discount'],
    ['damagedGoods', 'Damaged Goods'],
    ['totalExpense', 'Total Expense'],
    ['totalProfit', 'Total Profit'],
  ],
  damagedGoods: [
    ['barcode', 'Barcode'],
    ['productName', 'Product Name'],
    ['totalCostPrice', 'Total Cost Price'],
    ['totalDamagedPrice', 'Total Damaged Price'],
    ['totalLoss', 'Total Loss'],
    ['totalQuantityDamaged', 'Total Quantity Damaged'],
  ],
};

const WHOLE = new Set(['id', 'totalInvoices', 'totalQuantitySold', 'totalQuantityDamaged']);

/** Header row, one row per report row, then 'Totals' with the sums under their columns (RFC 4180, CRLF). */
export function reportCsv(name: ReportName, rows: Record<string, string | number>[], totals: Record<string, number>) {
  return tableCsv({ columns: REPORT_COLUMNS[name], rows, whole: WHOLE, totals: { ...totals, id: undefined } });
}

/** `product-report-2026-11.csv`: the report's title and the period asked for ('all' when none). */
export function reportFileName(name: ReportName, filter: ReportFilter): string {
  const title = REPORT_TITLES[name].toLowerCase().replace(/\s+/g, '-');
  const { startDate, endDate, month, year } = filter;
  const pad = (n: number) => String(n).padStart(2, '0');
  const period = [
    year ? (month ? `${year}-${pad(month)}` : String(year)) : month ? `month-${pad(month)}` : '',
    startDate || endDate ? `${startDate || 'start'}_${endDate || 'end'}` : '',
  ].filter(Boolean);
  return `${title}-${period.join('-') || 'all'}.csv`;
}
