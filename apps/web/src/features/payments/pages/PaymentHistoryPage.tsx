import { Button, Image, Modal, TextInput } from '@mantine/core';
import { INVOICE_MESSAGES, type ListFilterInput, type Payment } from '@wd/contracts';
import { useEffect, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { ListPage, toListResult } from '../../../components/ListPage';
import { DateText, MoneyText } from '../../../components/MoneyText';
import { api, fetchBlob } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { queryKeys } from '../../../lib/query-keys';

const TYPE_LABELS: Record<string, string> = {
  cash: 'Cash',
  cheque: 'Cheque',
  credit: 'Credit',
  moneyOrder: 'Money order',
};

/** Payment history of an invoice or a customer (the kind from the route, the id from the parameter). */
export default function PaymentHistoryPage() {
  const { id = '' } = useParams();
  const path = useLocation().pathname;
  const supplier = path.startsWith('/distributors/');
  const kind = supplier
    ? path.includes('/invoices/')
      ? 'invoice'
      : 'distributor'
    : path.includes('/customer/')
      ? 'customer'
      : 'invoice';
  const base = supplier ? 'distributorPayment' : 'payment';
  const [cheque, setCheque] = useState<{ url: string; ref: string } | null>(null);
  useEffect(() => () => (cheque ? URL.revokeObjectURL(cheque.url) : undefined), [cheque]);

  const fetchPage = async (filter: ListFilterInput) =>
    toListResult<Payment>('paymentHistory', await api.post(`${base}/${kind}/${id}/`, filter));
  const back = supplier
    ? kind === 'invoice'
      ? '/distributors/invoices'
      : '/distributors'
    : kind === 'invoice'
      ? `/invoices/edit/${id}`
      : '/customers';
  const titles: Record<string, string> = {
    'distributorPayment/invoice': 'Supplier Invoice Payments',
    'distributorPayment/distributor': 'Supplier Payments',
    'payment/invoice': 'Invoice Payments',
    'payment/customer': 'Customer Payments',
  };
  const title = titles[`${base}/${kind}`];

  return (
    <>
      <ListPage<Payment, { paid: number; discount: number }>
        title={title}
        queryKey={[...queryKeys.payments, base, kind, id]}
        fetchPage={fetchPage as never}
        backTo={back}
        headerActions={
          <Button variant="default" onClick={() => window.print()}>
            Print
          </Button>
        }
        withFooter
        params={{ extraDefaults: { startDate: '', endDate: '' } }}
        filters={(p) => (
          <>
            <TextInput
              label="Start date"
              type="date"
              value={p.extra.startDate}
              onChange={(e) => p.setExtra({ startDate: e.currentTarget.value })}
            />
            <TextInput
              label="End date"
              type="date"
              value={p.extra.endDate}
              onChange={(e) => p.setExtra({ endDate: e.currentTarget.value })}
            />
          </>
        )}
        emptyText="No payments"
        columns={(totals) => [
          { key: 'referenceNo', title: 'Reference', sortable: false },
          { key: 'date', title: 'Date', render: (p) => <DateText value={p.date} /> },
          { key: 'invoiceNo', title: 'Invoice' },
          ...(supplier
            ? [{ key: 'distributor', title: 'Supplier' }]
            : [
                { key: 'biller', title: 'Biller' },
                { key: 'customer', title: 'Customer' },
              ]),
          { key: 'total', title: 'Total', align: 'right', render: (p) => <MoneyText value={p.total} /> },
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
            render: (p) => <MoneyText value={p.discountRedeemed} />,
            footer: formatMoney(totals?.discount ?? 0),
          },
          { key: 'amountDue', title: 'Due', align: 'right', render: (p) => <MoneyText value={p.amountDue} /> },
          { key: 'paymentType', title: 'Type', render: (p) => TYPE_LABELS[p.paymentType] },
          { key: 'chequeNo', title: 'Cheque' },
          ...(supplier ? [] : [{ key: 'awardPointsRedeemed', title: 'Points', align: 'right' as const }]),
        ]}
        inlineActions={2}
        rowActions={(p) => [
          {
            label: 'Download Cheque',
            reload: false,
            run: async () => {
              if (p.paymentType !== 'cheque' || !p.chequeNo || !p.hasCheque) throw new Error(INVOICE_MESSAGES.noCheque);
              const blob = await fetchBlob(`/images/cheques/${p.referenceNo}.jpg`);
              setCheque({ url: URL.createObjectURL(blob), ref: p.referenceNo });
            },
          },
          {
            label: 'Delete',
            color: 'red',
            confirm: { title: 'Are you sure you want to delete?', message: p.referenceNo },
            run: () => api.delete(`${base}/delete/${p.id}/`),
          },
        ]}
      />
      <Modal
        opened={Boolean(cheque)}
        onClose={() => setCheque(null)}
        title={`Cheque · ${cheque?.ref ?? ''}`}
        size="lg"
        centered
      >
        {cheque && (
          <>
            <Image src={cheque.url} alt="Cheque" fit="contain" mah={480} />
            <Button mt="sm" component="a" href={cheque.url} download={`${cheque.ref}.jpg`}>
              Download
            </Button>
          </>
        )}
      </Modal>
    </>
  );
}
