import { type ColumnSpec, col, columnSet, pickColumns } from './common/columns.js';
import { AGING_BUCKETS } from './rules/receivables.js';

/**
 * The columns of every report (common/columns.ts), declared once: the server turns its sums into
 * the wire by their kinds (money → dollars, counts → whole numbers), the screen and its printout
 * show `<report>.screen`, and the CSV writes `<report>.csv` with a Totals row.
 */
const product = columnSet({
  barcode: col.text('Barcode'),
  productName: col.text('Product Name'),
  totalCostPrice: col.money('Total Cost Price'),
  totalSellingPrice: col.money('Total Selling Price'),
  totalQuantitySold: col.count('Total Quantity Sold'),
  totalProfit: col.money('Total Profit'),
});
// Eleven columns: the screen's short headings fit 1280 px without scrolling; the CSV keeps the long ones.
const customer = columnSet({
  customer: col.text('Customer'),
  totalInvoices: col.count('Total Invoices', 'Invoices'),
  awardPoints: col.money('Award Points'),
  totalCost: col.money('Total Cost', 'Cost'),
  totalSelling: col.money('Total Selling', 'Selling'),
  totalPaid: col.money('Total Paid', 'Paid'),
  discount: col.money('Discount'),
  resellableGoods: col.money('Resellable Goods', 'Resellable'),
  damagedGoods: col.money('Damaged Goods', 'Damaged'),
  totalDue: col.money('Total Due', 'Due'),
  totalProfit: col.money('Total Profit', 'Profit'),
});
const customerSummary = columnSet({
  customer: col.text('Customer'),
  id: col.count('Customer ID'),
  totalInvoices: col.count('Total Invoices'),
  totalAmount: col.money('Total Amount'),
  totalPaid: col.money('Total Paid'),
  totalDue: col.money('Total Due'),
});
const biller = columnSet({
  biller: col.text('Biller'),
  totalCost: col.money('Total Cost'),
  totalSelling: col.money('Total Selling'),
  awardPoints: col.money('Award Points'),
  discount: col.money('Discount'),
  damagedGoods: col.money('Damaged Goods'),
  totalExpense: col.money('Total Expense'),
  totalProfit: col.money('Total Profit'),
});
const damagedGoods = columnSet({
  barcode: col.text('Barcode'),
  productName: col.text('Product Name'),
  totalCostPrice: col.money('Total Cost Price'),
  totalDamagedPrice: col.money('Total Damaged Price'),
  totalLoss: col.money('Total Loss'),
  totalQuantityDamaged: col.count('Total Quantity Damaged'),
});
const aging = columnSet({
  customer: col.text('Customer'),
  customerId: col.count('Customer ID'),
  openInvoices: col.count('Open Invoices'),
  oldest: col.date('Oldest Invoice'),
  days0to30: col.money(`${AGING_BUCKETS[0]} days`),
  days31to60: col.money(`${AGING_BUCKETS[1]} days`),
  days61to90: col.money(`${AGING_BUCKETS[2]} days`),
  over90: col.money('Over 90 days'),
  total: col.money('Total Due'),
});

const all = <S extends Record<string, { key: string }>>(set: S) => Object.keys(set) as (keyof S & string)[];

/** A report: every field of its rows (`fields`), the screen's columns (all but `hidden`), the CSV's (all). */
function report<S extends Record<string, ColumnSpec>>(fields: S, hidden?: keyof S) {
  const keys = all(fields);
  return {
    fields,
    screen: pickColumns(
      fields,
      keys.filter((k) => k !== hidden),
    ),
    csv: pickColumns(fields, keys),
  };
}

/** Each report's columns; the CSV also has the ids the screens keep out of sight. */
export const REPORT_COLUMNS = {
  product: report(product),
  customer: report(customer),
  customerSummary: report(customerSummary, 'id'),
  biller: report(biller),
  damagedGoods: report(damagedGoods),
  aging: report(aging, 'customerId'),
};
