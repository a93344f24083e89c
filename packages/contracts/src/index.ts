import './common/messages.js';

export * from './audit.js';
export * from './barcodes.js';
export * from './calls/index.js';
export * from './common/call.js';
export * from './common/dates.js';
export * from './common/errors.js';
export * from './common/fields.js';
export * from './common/list.js';
export * from './common/messages.js';
export * from './common/money.js';
export * from './dashboard.js';
export * from './distributor-invoices.js';
export * from './imports.js';
export * from './invoice-documents.js';
export * from './invoices.js';
export * from './parties.js';
export * from './payments.js';
export * from './price-groups.js';
export * from './product-groups.js';
export * from './products.js';
export * from './receipts.js';
export * from './receivables.js';
export * from './reports.js';
export * from './rules/barcode.js';
export * from './rules/invoice-document.js';
export * from './rules/invoice-totals.js';
export * from './rules/margins.js';
export * from './rules/price-resolution.js';
export * from './rules/price-suggestor.js';
export * from './rules/receivables.js';
export * from './settings.js';
export * from './users.js';

/** The product's name, used in page titles ("<route title> | Wholesale Desk"). */
export const PRODUCT_NAME = 'Wholesale Desk';
