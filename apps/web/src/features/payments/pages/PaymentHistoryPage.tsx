import { Button } from '@mantine/core';
import { CUSTOMER_PAYMENT_CSV, callRoutes, SUPPLIER_PAYMENT_CSV } from '@wd/contracts';
import { useLoaderData } from 'react-router';
import * as Filter from '../../../components/ListFilters';
import { ListPage } from '../../../components/list/ListPage';
import { deleteAction } from '../../../components/list/row-actions';
import { MoneyText } from '../../../components/MoneyText';
import { specColumns } from '../../../components/spec-columns';
import { useIdParam } from '../../../lib/route-params';
import { type PaymentRow, type PaymentTotals, paymentHistory, useDeletePayment } from '../api';
import { ChequeViewer, useChequeViewer } from '../components/ChequeViewer';
import type { PaymentHistoryScreen } from '../histories';
import { chequeText, PAYMENT_TYPE_LABELS } from '../payment-types';

const { paymentCalls, supplierPaymentCalls } = callRoutes;

/** Export CSV of each history: the same filter, under the invoice's or the party's id. */
const exportCalls = {
  customer: { invoice: paymentCalls.invoiceHistoryExport, party: paymentCalls.partyHistoryExport },
  supplier: { invoice: supplierPaymentCalls.invoiceHistoryExport, party: supplierPaymentCalls.partyHistoryExport },
};

/** Payments of an invoice or a party, of either kind: the route's loader gives which screen, the URL the id. */
export default function PaymentHistoryPage() {
  const screen = useLoaderData<PaymentHistoryScreen>();
  const id = useIdParam() ?? 0;
  const { kind } = screen;
  const supplier = kind === 'supplier';
  const remove = useDeletePayment(kind);
  const cheque = useChequeViewer();

  /** A share of a receipt (one cheque for several invoices) shows the receipt's reference: the column is there when a row on screen is one. */
  const hasReceipt = (rows: PaymentRow[]) => rows.some((p) => 'receiptNo' in p && p.receiptNo);
  const columns = (totals: PaymentTotals | undefined, rows: PaymentRow[]) =>
    specColumns<PaymentRow>(
      // The CSV's columns; a receipt's reference only when a row on screen is a receipt's share.
      (supplier ? SUPPLIER_PAYMENT_CSV : CUSTOMER_PAYMENT_CSV).filter((c) => c.key !== 'receiptNo' || hasReceipt(rows)),
      {
        sortable: false,
        footers: {
          total: { value: totals?.total, testId: 'payments-total-total' },
          amountPaid: { value: totals?.paid, testId: 'payments-total-paid' },
          discountRedeemed: { value: totals && 'discount' in totals ? totals.discount : 0 },
          amountDue: { value: totals?.balance, testId: 'payments-total-balance' },
        },
        with: {
          referenceNo: { maxWidth: 100 },
          receiptNo: { maxWidth: 100 },
          distributor: { maxWidth: 160 },
          biller: { maxWidth: 95 },
          // A store's name takes what width the other columns leave (about 140 px at 1280 px), up to 200 px.
          customer: { maxWidth: 200 },
          discountRedeemed: {
            render: (p) => <MoneyText value={'discountRedeemed' in p ? p.discountRedeemed : undefined} />,
          },
          paymentType: { render: (p) => PAYMENT_TYPE_LABELS[p.paymentType] },
          // "104233, no photo" may wrap after its comma: invoice numbers grow (Invoice/123456) and the
          // table still fits 1280 px.
          chequeNo: { render: (p) => chequeText(p) },
        },
      },
    );

  return (
    <>
      <ListPage<PaymentRow, PaymentTotals>
        title={screen.title}
        source={paymentHistory(kind, screen.of, id)}
        withFooter
        rowNoun="payment"
        params={{ extraDefaults: { startDate: '', endDate: '' } }}
        filters={(p) => <Filter.DateRange p={p} />}
        emptyText="No payments"
        columns={columns}
        inlineActions={0}
        rowActions={(p) => [
          {
            label: 'Download Cheque',
            reload: false,
            hidden: !p.hasCheque,
            run: () => cheque.open(p.referenceNo),
          },
          {
            label: 'View Receipt',
            hidden: !('receiptNo' in p && p.receiptNo) || screen.of !== 'party',
            to: `/customers/${id}/receipts`,
          },
          // A share of a receipt goes only with its receipt (the server refuses it alone).
          ...('receiptNo' in p && p.receiptNo ? [] : [deleteAction(p.referenceNo, () => remove.mutateAsync(p))]),
        ]}
        header={{
          backTo: screen.back(id),
          exportCsv: exportCalls[kind][screen.of],
          exportParams: { id },
          actions: (
            <Button variant="default" onClick={() => window.print()}>
              Print
            </Button>
          ),
        }}
      />
      <ChequeViewer viewer={cheque} />
    </>
  );
}
