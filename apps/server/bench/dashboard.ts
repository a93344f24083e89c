import type { Scenario } from './scenarios.js';

/**
 * The dashboard's seven calls (docs/dashboard.md) as it sends them, each with
 * its default period (this month, the last 14 days): a user opening
 * /dashboard waits on all of them at once.
 */
export function dashboardScenarios(): Scenario[] {
  const calls = [
    'statusOverview',
    'status',
    'productStatus',
    'salesDaily',
    'salesByCategory',
    'productsTop',
    'invoices',
  ];
  return calls.map((name) => ({ name: `dashboard ${name}`, method: 'POST', path: `/api/reports/${name}/`, body: {} }));
}
