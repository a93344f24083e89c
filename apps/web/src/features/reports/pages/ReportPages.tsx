import type { CustomerSummaryRow } from '@wd/contracts';
import { reportSources } from '../api';
import { reportColumns } from '../columns';
import { ReportPage } from '../components/ReportPage';

/** The five reports (docs/reports.md), each the shared ReportPage with its differences. */
export const ProductReportPage = () => (
  <ReportPage
    name="product"
    source={reportSources.product}
    columns={reportColumns.product}
    rowKey={(r) => `${r.barcode}|${r.productName}`}
  />
);

export const CustomerReportPage = () => (
  <ReportPage
    name="customer"
    source={reportSources.customer}
    columns={reportColumns.customer}
    rowKey={(r) => r.customer}
  />
);

/** Customer Report: no status filter; each customer's payments one click away (not for walk-in sales). */
export const CustomerSummaryReportPage = () => (
  <ReportPage
    name="customerSummary"
    source={reportSources.customerSummary}
    columns={reportColumns.customerSummary}
    rowKey={(r: CustomerSummaryRow) => r.id}
    status="hidden"
    rowActions={(r) => [{ label: 'View Payments', to: `/payment/customer/${r.id}`, hidden: r.id === 0 }]}
  />
);

/** Biller Report: a Biller select that the request does not use; Status only when an error shows. */
export const BillerReportPage = () => (
  <ReportPage
    name="biller"
    source={reportSources.biller}
    columns={reportColumns.biller}
    rowKey={(r) => r.biller}
    status="onError"
    billerSelect
  />
);

export const DamagedGoodsReportPage = () => (
  <ReportPage
    name="damagedGoods"
    source={reportSources.damagedGoods}
    columns={reportColumns.damagedGoods}
    rowKey={(r) => `${r.barcode}|${r.productName}`}
    status="hidden"
  />
);
