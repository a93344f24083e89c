import { defineCalls } from '../common/call.js';
import { csvFile } from '../parties.js';
import {
  billerReportResponse,
  customerReportResponse,
  customerSummaryResponse,
  damagedGoodsResponse,
  productReportResponse,
  reportFilter,
} from '../reports.js';

/**
 * The five reports (docs/reports.md): each a POST with the report filter,
 * answering one page of rows and the totals over every matching row, and the
 * same report as CSV (every matching row and a totals row).
 */
const csv = (name: string, title: string) =>
  ({
    method: 'POST',
    reads: true,
    path: `/reports/${name}/csv`,
    summary: `${title} as CSV: every matching row, then a totals row (text/csv)`,
    body: reportFilter,
    response: csvFile,
  }) as const;

export const reportCalls = defineCalls('reports', {
  product: {
    method: 'POST',
    reads: true,
    path: '/reports/product',
    summary: 'Product Report: per product, sales net of resellable returns, cost and profit',
    body: reportFilter,
    response: productReportResponse,
  },
  customer: {
    method: 'POST',
    reads: true,
    path: '/reports/customer',
    summary: 'My Report: per customer, invoices, sales, payments, discounts, returns, due and profit',
    body: reportFilter,
    response: customerReportResponse,
  },
  customerSummary: {
    method: 'POST',
    reads: true,
    path: '/reports/customerSummary',
    summary: 'Customer Report: per customer, invoices, amount, paid and due (status ignored)',
    body: reportFilter,
    response: customerSummaryResponse,
  },
  biller: {
    method: 'POST',
    reads: true,
    path: '/reports/biller',
    summary: 'Biller Report: per biller, sales, discounts, damaged goods, expenses and profit',
    body: reportFilter,
    response: billerReportResponse,
  },
  damagedGoods: {
    method: 'POST',
    reads: true,
    path: '/reports/damagedGoods',
    summary: 'Damaged Goods Report: per product, damaged returns at cost and at the credit given',
    body: reportFilter,
    response: damagedGoodsResponse,
  },
  productCsv: csv('product', 'Product Report'),
  customerCsv: csv('customer', 'My Report'),
  customerSummaryCsv: csv('customerSummary', 'Customer Report'),
  billerCsv: csv('biller', 'Biller Report'),
  damagedGoodsCsv: csv('damagedGoods', 'Damaged Goods Report'),
});
