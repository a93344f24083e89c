import {
  type AgingRow,
  type BillerReportRow,
  type CustomerReportRow,
  type CustomerSummaryRow,
  type DamagedGoodsRow,
  formatDate,
  type ProductReportRow,
} from '@wd/contracts';
import type { Column } from '../../components/DataTable';
import { moneyColumn } from '../../components/invoice-columns';

/** A whole number with thousands separators (quantities, invoice counts). */
export const formatCount = (n: number | undefined) => Math.round(n ?? 0).toLocaleString('en-US');

type Totals<T> = Partial<Record<keyof T, number>> | undefined;

/** A money column of a report: sortable, right-aligned, its footer the total over every matching row. */
function money<T>(key: keyof T & string, title: string, totals: Totals<T>): Column<T> {
  return moneyColumn<T>(key, title, totals?.[key], `report-total-${key}`);
}

/** A count column: whole numbers, right-aligned, with its total. */
function count<T>(key: keyof T & string, title: string, totals: Totals<T>): Column<T> {
  return {
    key,
    title,
    sortable: true,
    align: 'right',
    render: (row) => formatCount(row[key] as number),
    footer: <span data-testid={`report-total-${key}`}>{formatCount(totals?.[key])}</span>,
  };
}

/** A text column (names, barcodes); its footer cell is 'Totals' when it comes first. */
function text<T>(key: keyof T & string, title: string, maxWidth?: number): Column<T> {
  return { key, title, sortable: true, maxWidth };
}

/** Each report's columns as the screen, the printout and the CSV show them (SPEC.md "Report rows"). */
export const reportColumns = {
  product: (t: Totals<ProductReportRow>): Column<ProductReportRow>[] => [
    text('barcode', 'Barcode'),
    text('productName', 'Product Name', 320),
    money('totalCostPrice', 'Total Cost Price', t),
    money('totalSellingPrice', 'Total Selling Price', t),
    count('totalQuantitySold', 'Total Quantity Sold', t),
    money('totalProfit', 'Total Profit', t),
  ],
  // Eleven columns: short titles (the CSV keeps the long ones) so the table fits 1280 px without scrolling.
  customer: (t: Totals<CustomerReportRow>): Column<CustomerReportRow>[] => [
    text('customer', 'Customer', 180),
    count('totalInvoices', 'Invoices', t),
    money('awardPoints', 'Award Points', t),
    money('totalCost', 'Cost', t),
    money('totalSelling', 'Selling', t),
    money('totalPaid', 'Paid', t),
    money('discount', 'Discount', t),
    money('resellableGoods', 'Resellable', t),
    money('damagedGoods', 'Damaged', t),
    money('totalDue', 'Due', t),
    money('totalProfit', 'Profit', t),
  ],
  customerSummary: (t: Totals<CustomerSummaryRow>): Column<CustomerSummaryRow>[] => [
    text('customer', 'Customer', 320),
    count('totalInvoices', 'Total Invoices', t),
    money('totalAmount', 'Total Amount', t),
    money('totalPaid', 'Total Paid', t),
    money('totalDue', 'Total Due', t),
  ],
  biller: (t: Totals<BillerReportRow>): Column<BillerReportRow>[] => [
    text('biller', 'Biller', 240),
    money('totalCost', 'Total Cost', t),
    money('totalSelling', 'Total Selling', t),
    money('awardPoints', 'Award Points', t),
    money('discount', 'Discount', t),
    money('damagedGoods', 'Damaged Goods', t),
    money('totalExpense', 'Total Expense', t),
    money('totalProfit', 'Total Profit', t),
  ],
  damagedGoods: (t: Totals<DamagedGoodsRow>): Column<DamagedGoodsRow>[] => [
    text('barcode', 'Barcode'),
    text('productName', 'Product Name', 320),
    money('totalCostPrice', 'Total Cost Price', t),
    money('totalDamagedPrice', 'Total Damaged Price', t),
    money('totalLoss', 'Total Loss', t),
    count('totalQuantityDamaged', 'Total Quantity Damaged', t),
  ],
  aging: (t: Totals<AgingRow>): Column<AgingRow>[] => [
    text('customer', 'Customer', 260),
    count('openInvoices', 'Open Invoices', t),
    { key: 'oldest', title: 'Oldest Invoice', sortable: true, render: (row) => formatDate(row.oldest) },
    money('days0to30', '0-30 days', t),
    money('days31to60', '31-60 days', t),
    money('days61to90', '61-90 days', t),
    money('over90', 'Over 90 days', t),
    money('total', 'Total Due', t),
  ],
};
