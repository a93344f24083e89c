import type { PaymentKind } from '@wd/contracts';
import { auditTrail } from '../../lib/audit.js';
import type { StoredPayment } from '../ledger/ledger.repository.js';
import { paymentSnapshot } from '../ledger/payments-ledger.js';
import { type InvoiceItemRow, toInvoiceItem } from './invoice-items.repository.js';
import { type InvoiceRow, toInvoice } from './invoices.repository.js';

/** What an invoice's deletion removes: the invoice, its lines and its payments (an untouched draft says so). */
export interface DeletedInvoice {
  invoice: InvoiceRow;
  lines: InvoiceItemRow[];
  payments: StoredPayment<PaymentKind>[];
  draft?: boolean;
}

/** The deletion's audit entry keeps all of it as the API answers it, so a deleted invoice can still be read. */
export const invoiceDeletionTrail = auditTrail('invoice', (d: DeletedInvoice) => ({
  invoice: toInvoice(d.invoice),
  lines: d.lines.map(toInvoiceItem),
  payments: d.payments.map(paymentSnapshot),
  ...(d.draft ? { draft: true } : {}),
}));
