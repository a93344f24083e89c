import { DISTRIBUTOR_INVOICE_MESSAGES, INVOICE_MESSAGES, PARTY_MESSAGES, type PaymentKind } from '@wd/contracts';
import type { Tx } from '../../db/client.js';
import { customersRepository } from '../customers/customers.repository.js';
import {
  lockDistributorInvoice,
  recomputeDistributorInvoice,
} from '../distributor-invoices/distributor-invoice-recompute.js';
import { distributorInvoicesRepository } from '../distributor-invoices/distributor-invoices.repository.js';
import { lockInvoice, recomputeInvoice } from '../invoices/invoice-recompute.js';
import { invoicesRepository } from '../invoices/invoices.repository.js';

/**
 * What differs between the two kinds of payment (docs/business-rules.md,
 * "Payments"): the invoice that owns them (its lock, what is still owed on it,
 * its recompute), the audit name, and whether a payment carries a discount
 * and award points (customer payments only).
 */
export interface PaymentKindSpec<K extends PaymentKind = PaymentKind> {
  kind: K;
  /** The entity name in the audit log. */
  entity: string;
  /** Customer payments carry a discount and award points; supplier payments an amount only. */
  discounts: boolean;
  /** The 404 message of a history whose invoice or party does not exist. */
  missing: { invoice: string; party: string };
  /** Locks the owning invoice (404 when it does not exist). */
  lock(tx: Tx, invoiceId: number): Promise<unknown>;
  /** What is still owed on the owning invoice, locked and so existing (cents), and its customer (0: none). */
  owed(tx: Tx, invoiceId: number): Promise<{ balance: number; customerId: number }>;
  /** Recomputes the owning invoice from its payments, under its lock. */
  recompute(tx: Tx, invoiceId: number): Promise<unknown>;
  /** Takes redeemed award points (cents of a dollar each point) off the customer. */
  redeemAwardPoints?(tx: Tx, customerId: number, points: number): Promise<void>;
}

export const customerPayments: PaymentKindSpec<'customer'> = {
  kind: 'customer',
  entity: 'payment',
  discounts: true,
  missing: { invoice: INVOICE_MESSAGES.notFound, party: PARTY_MESSAGES.customerNotFound },
  lock: lockInvoice,
  async owed(tx, invoiceId) {
    const invoice = (await invoicesRepository.find(tx, invoiceId))!;
    return { balance: invoice.balance, customerId: invoice.customerID };
  },
  recompute: recomputeInvoice,
  async redeemAwardPoints(tx, customerId, points) {
    await customersRepository.lock(tx, customerId);
    const customer = await customersRepository.find(tx, customerId);
    if (!customer) return;
    const awardPoints = Math.max(0, customer.awardPoints - Math.round(points / 100));
    await customersRepository.update(tx, customerId, { awardPoints });
  },
};

export const supplierPayments: PaymentKindSpec<'supplier'> = {
  kind: 'supplier',
  entity: 'distributor_payment',
  discounts: false,
  missing: { invoice: DISTRIBUTOR_INVOICE_MESSAGES.notFound, party: PARTY_MESSAGES.distributorNotFound },
  lock: lockDistributorInvoice,
  async owed(tx, invoiceId) {
    const invoice = (await distributorInvoicesRepository.find(tx, invoiceId))!;
    return { balance: invoice.amountDue, customerId: 0 };
  },
  recompute: recomputeDistributorInvoice,
};
