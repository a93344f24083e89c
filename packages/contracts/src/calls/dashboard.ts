import { defineCalls } from '../common/call.js';
import {
  categorySalesResponse,
  dailySalesResponse,
  dashboardDaysFilter,
  dashboardPeriodFilter,
  productStatusResponse,
  recentInvoicesFilter,
  recentInvoicesResponse,
  statusAnalysisResponse,
  statusOverviewResponse,
  topProductsFilter,
  topProductsResponse,
} from '../dashboard.js';

/**
 * The dashboard's reports (docs/dashboard.md): counted invoices (not NEW),
 * sales = lines with quantity > 0, periods from the business's local today.
 */
export const dashboardCalls = defineCalls('dashboard', {
  productsTop: {
    method: 'POST',
    reads: true,
    path: '/reports/productsTop',
    summary: 'Top selling products by quantity sold (this month, 6 per page by default)',
    body: topProductsFilter,
    response: topProductsResponse,
  },
  productStatus: {
    method: 'POST',
    reads: true,
    path: '/reports/productStatus',
    summary: 'Products sold, and units sold, returned and damaged (this month by default)',
    body: dashboardPeriodFilter,
    response: productStatusResponse,
  },
  status: {
    method: 'POST',
    reads: true,
    path: '/reports/status',
    summary: 'Status analysis: units sold, invoices paid and active customers (this month by default)',
    body: dashboardPeriodFilter,
    response: statusAnalysisResponse,
  },
  statusOverview: {
    method: 'POST',
    reads: true,
    path: '/reports/statusOverview',
    summary: 'Revenue and orders processed (the last 14 days by default)',
    body: dashboardDaysFilter,
    response: statusOverviewResponse,
  },
  invoices: {
    method: 'POST',
    reads: true,
    path: '/reports/invoices',
    summary: 'Recent orders: the latest counted invoices (5 by default)',
    body: recentInvoicesFilter,
    response: recentInvoicesResponse,
  },
  salesByCategory: {
    method: 'POST',
    reads: true,
    path: '/reports/salesByCategory',
    summary: 'Sales per product category (this month by default)',
    body: dashboardPeriodFilter,
    response: categorySalesResponse,
  },
  salesDaily: {
    method: 'POST',
    reads: true,
    path: '/reports/salesDaily',
    summary: 'Revenue and orders per day, every day present (the last 14 days by default)',
    body: dashboardDaysFilter,
    response: dailySalesResponse,
  },
});
