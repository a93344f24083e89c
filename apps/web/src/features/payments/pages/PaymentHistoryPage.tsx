import { Button } from '@mantine/core';
import { paymentCalls, supplierPaymentCalls } from '@wd/contracts';
import { useLoaderData, useParams } from 'react-router';
import type { Column } from '../../../components/DataTable';
import * as Filter from '../../../components/ListFilters';
import { ListPage } from '../../../components/list/ListPage';
import { deleteAction } from '../../../components/list/row-actions';
import { DateText, MoneyText } from '../../../components/MoneyText';
import { formatMoney } from '../../../lib/format';
import { type PaymentRow, type PaymentTotals, paymentHistory, useDeletePayment } from '../api';
import { ChequeViewer, useChequeViewer } from '../components/ChequeViewer';
import type { PaymentHistoryScreen } from '../histories';
import { chequeText, PAYMENT_TYPE_LABELS } from '../payment-types';

/** Export CSV of each history: the same filter, under the invoice's or the party's id. */
const exportCalls = {
  customer: { invoice: paymentCalls.invoiceHistoryExport, party: paymentCalls.partyHistoryExport },
  supplier: { invoice: supplierPaymentCalls.invoiceHistoryExport, party: supplierPaymentCalls.partyHistoryExport },
};

/** Payments of an invoice or a party, of either kind: the route's loader gives which screen, the URL the id. */
export default function PaymentHistoryPage() {
  const screen = useLoaderData<PaymentHistoryScreen>();
  const { id = '' } = useParams();
  const { kind } = screen;
  const supplier = kind === 'supplier';
  const remove = useDeletePayment(kind);
  const cheque = useChequeViewer();

  /** A share of a receipt (one cheque for several invoices) shows the receipt's reference: the column is there when a row on screen is one. */
  const hasReceipt = (rows: PaymentRow[]) => rows.some((p) => 'receiptNo' in p && p.receiptNo);
  const columns = (totals: PaymentTotals | undefined, rows: PaymentRow[]): Column<PaymentRow>[] => [
    { key: 'referenceNo', title: 'Reference', sortable: false, maxWidth: 100 },
    ...(hasReceipt(rows) ? [{ key: 'receiptNo', title: 'Receipt', sortable: false, maxWidth: 100 }] : []),
    { key: 'date', title: 'Date', render: (p) => <DateText value={p.date} /> },
    { key: 'invoiceNo', title: 'Invoice' },
    ...(supplier
      ? [{ key: 'distributor', title: 'Supplier', maxWidth: 160 }]
      : [
          { key: 'biller', title: 'Biller', maxWidth: 95 },
          { key: 'customer', title: 'Customer', maxWidth: 84 },
        ]),
    {
      key: 'total',
      title: 'Total',
      align: 'right',
      render: (p) => <MoneyText value={p.total} />,
      footer: <span data-testid="payments-total-total">{formatMoney(totals?.total ?? 0)}</span>,
    },
    {
      key: 'amountPaid',
      title: 'Paid',
      align: 'right',
      render: (p) => <MoneyText value={p.amountPaid} />,
      footer: <span data-testid="payments-total-paid">{formatMoney(totals?.paid ?? 0)}</span>,
    },
    {
      key: 'discountRedeemed',
      title: 'Discount',
      align: 'right',
      render: (p) => <MoneyText value={'discountRedeemed' in p ? p.discountRedeemed : undefined} />,
      footer: formatMoney(totals?.discount ?? 0),
    },
    {
      key: 'amountDue',
      title: 'Due',
      align: 'right',
      render: (p) => <MoneyText value={p.amountDue} />,
      footer: <span data-testid="payments-total-balance">{formatMoney(totals?.balance ?? 0)}</span>,
    },
    { key: 'paymentType', title: 'Type', render: (p) => PAYMENT_TYPE_LABELS[p.paymentType] },
    {
      key: 'chequeNo',
      title: 'Cheque',
      render: (p) => <span style={{ whiteSpace: 'nowrap' }}>{chequeText(p)}</span>,
    },
    ...(supplier ? [] : [{ key: 'awardPointsRedeemed', title: 'Points', align: 'right' as const }]),
  ];

  return (
    <>
      <ListPage<PaymentRow, PaymentTotals>
        title={screen.title}
        source={paymentHistory(kind, screen.of, Number(id))}
        withFooter
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
