import { REPORT_TITLES } from '@wd/contracts';
import { type MenuSection, route } from '../../lib/route-types';

const pages = () => import('./pages/ReportPages');

/** /reports/<name>: the five reports, in the side menu's order. */
const reports = [
  ['product', 'ProductReportPage'],
  ['customer', 'CustomerReportPage'],
  ['customerSummary', 'CustomerSummaryReportPage'],
  ['biller', 'BillerReportPage'],
  ['damagedGoods', 'DamagedGoodsReportPage'],
] as const;

/** /reports/aging (receivables, beyond the spec): last in the menu. */
export const reportsRoutes = [
  ...reports.map(([name, page]) => route(`reports/${name}`, REPORT_TITLES[name], pages, page)),
  route('reports/aging', 'Aging', () => import('./pages/AgingPage'), 'AgingPage'),
];

export const reportsMenu: MenuSection = {
  label: 'Reports',
  entries: [
    ...reports.map(([name]) => ({ label: REPORT_TITLES[name], to: `/reports/${name}` })),
    { label: 'Aging', to: '/reports/aging' },
  ],
};
