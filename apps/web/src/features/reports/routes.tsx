import { REPORT_TITLES } from '@wd/contracts';
import { type MenuSection, route } from '../../app/route-types';

const pages = () => import('./pages/ReportPages');

/** /reports/<name>: the five reports, in the side menu's order. */
const reports = [
  ['product', 'ProductReportPage'],
  ['customer', 'CustomerReportPage'],
  ['customerSummary', 'CustomerSummaryReportPage'],
  ['biller', 'BillerReportPage'],
  ['damagedGoods', 'DamagedGoodsReportPage'],
] as const;

export const reportsRoutes = reports.map(([name, page]) => route(`reports/${name}`, REPORT_TITLES[name], pages, page));

export const reportsMenu: MenuSection = {
  label: 'Reports',
  entries: reports.map(([name]) => ({ label: REPORT_TITLES[name], to: `/reports/${name}` })),
};
