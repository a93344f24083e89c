// No zod here: screens that only show invoices (the invoice editor among them) read these
// without loading the schemas (packages/contracts/src/common/zod.ts).

export const INVOICE_TYPES = ['invoice', 'consignment'] as const;
export const INVOICE_STATUSES = ['NEW', 'DUE', 'PAID', 'REFUND'] as const;
/** The customer column of an invoice that has no customer. */
export const WALK_IN_CUSTOMER = 'Walk-in customer';
