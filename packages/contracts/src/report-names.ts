/** The statuses a report can be narrowed to. */
export const REPORT_STATUSES = ['DUE', 'PAID', 'REFUND'] as const;

/** The five reports by the name in their path (`reports/<name>/`), with their titles. */
export const REPORT_TITLES = {
  product: 'Product Report',
  customer: 'My Report',
  customerSummary: 'Customer Report',
  biller: 'Biller Report',
  damagedGoods: 'Damaged Goods Report',
} as const;
export type ReportName = keyof typeof REPORT_TITLES;
