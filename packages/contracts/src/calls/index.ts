/**
 * The table of calls: every call of the API, area by area. The server
 * registers its routes from it, the web client calls through it, and the
 * OpenAPI document is generated from it (docs/api.md).
 */
export * from './audit.js';
export * from './barcodes.js';
export * from './billers.js';
export * from './customers.js';
export * from './dashboard.js';
export * from './delivery-routes.js';
export * from './device-flags.js';
export * from './expenses.js';
export * from './health.js';
export * from './imports.js';
export * from './invoice-documents.js';
export * from './invoice-drafts.js';
export * from './invoices.js';
export * from './payments.js';
export * from './price-groups.js';
export * from './product-groups.js';
export * from './products.js';
export * from './receipts.js';
export * from './receivables.js';
export * from './reports.js';
export * from './settings.js';
export * from './settlements.js';
export * from './soft-delete.js';
export * from './stock.js';
export * from './supplier-invoices.js';
export * from './suppliers.js';
export * from './users.js';
