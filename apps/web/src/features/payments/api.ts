import {
  callRoutes,
  type Payment,
  type PaymentInput,
  type PaymentKind,
  type RouteCall,
  type SupplierPayment,
} from '@wd/contracts';
import { type ListSource, listSource } from '../../lib/list-source';
import { useCallMutation } from '../../lib/mutations';
import { keys } from '../../lib/query-keys';

const { paymentCalls, supplierPaymentCalls } = callRoutes;

/**
 * The payments area's data layer, for both kinds of payment (customer and
 * supplier; docs/business-rules.md, "Payments"). A payment change makes its
 * histories and the invoice it belongs to stale (detail and lists).
 */
const paymentKeys = keys.payments;

/** Whose payments a history shows: one invoice's, or one party's (a customer or a supplier). */
export type PaymentsOf = 'invoice' | 'party';

/** A history row of either kind. */
export type PaymentRow = Payment | SupplierPayment;
/** The footer: total and balance of the invoices paid (each once), paid and discount over the payments. */
export type PaymentTotals = { total: number; paid: number; discount?: number; balance: number };

const historyCall = {
  customer: { invoice: paymentCalls.invoiceHistory, party: paymentCalls.partyHistory },
  supplier: { invoice: supplierPaymentCalls.invoiceHistory, party: supplierPaymentCalls.partyHistory },
} as const;

/** The payments of one invoice or party, as a ListPage source. */
export function paymentHistory(kind: PaymentKind, of: PaymentsOf, id: number): ListSource<PaymentRow, PaymentTotals> {
  return listSource<RouteCall<(typeof historyCall)[PaymentKind][PaymentsOf]>>(
    historyCall[kind][of],
    paymentKeys.list(`${kind}-${of}`, id),
    { id },
  );
}

/** What a payment makes stale: the payment histories and its invoice, of its kind. */
function staleAfter(kind: PaymentKind, invoiceID: number) {
  const invoices = kind === 'customer' ? keys.invoices : keys.supplierInvoices;
  return [paymentKeys.lists(), invoices.lists(), invoices.detail(invoiceID)];
}

/** A new payment: the customer fields (supplier payments have no discount or award points) and a cheque photo. */
export interface NewPayment {
  payment: PaymentInput;
  chequeImage: File | null;
  /** The dialog's key: a second Save of the same payment is the same request (docs/api.md). */
  idempotencyKey?: string;
}

/** Records a payment of the given kind. */
export function useAddPayment(kind: PaymentKind) {
  const customer = useCallMutation(paymentCalls.create, {
    input: ({ payment, chequeImage, idempotencyKey }: NewPayment) => ({
      body: payment,
      file: chequeImage,
      idempotencyKey,
    }),
    invalidates: (_, { payment }) => staleAfter('customer', payment.invoiceID),
  });
  const supplier = useCallMutation(supplierPaymentCalls.create, {
    input: ({
      payment: { discountRedeemed, awardPointsRedeemed, ...payment },
      chequeImage,
      idempotencyKey,
    }: NewPayment) => ({
      body: { ...payment, amountPaid: payment.amountPaid ?? 0 },
      file: chequeImage,
      idempotencyKey,
    }),
    invalidates: (_, { payment }) => staleAfter('supplier', payment.invoiceID),
  });
  return kind === 'customer' ? customer : supplier;
}

/** Deletes a payment of the given kind; its invoice follows. */
export function useDeletePayment(kind: PaymentKind) {
  const input = (p: Pick<PaymentRow, 'id' | 'invoiceID'>) => ({ params: { id: p.id } });
  const customer = useCallMutation(paymentCalls.delete, {
    input,
    invalidates: (_, p) => staleAfter('customer', p.invoiceID),
  });
  const supplier = useCallMutation(supplierPaymentCalls.delete, {
    input,
    invalidates: (_, p) => staleAfter('supplier', p.invoiceID),
  });
  return kind === 'customer' ? customer : supplier;
}
