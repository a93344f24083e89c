import { useQueryClient } from '@tanstack/react-query';
import {
  addDays,
  callRoutes,
  HOUSE_BILLER_ID,
  INVOICE_COLUMNS,
  type Invoice,
  pickColumns,
  SECOND_BILLER_ID,
} from '@wd/contracts';
import { Suspense, useState } from 'react';
import { InvoiceStatus } from '../../../components/InvoiceStatus';
import * as Filter from '../../../components/ListFilters';
import { ListPage, type ListResult } from '../../../components/list/ListPage';
import { deleteAction, viewEdit } from '../../../components/list/row-actions';
import { specColumns } from '../../../components/spec-columns';
import { showSuccess } from '../../../lib/alert';
import { businessToday } from '../../../lib/format';
import { lazyNamed, OnceOpened } from '../../../lib/lazy-dialog';
import { keys } from '../../../lib/query-keys';
import { invoicePageSize } from '../../../lib/settings';
import { useBillerOptions } from '../../billers/api';
import { downloadEdi, EDI_LABELS } from '../../invoice-documents/api';
import type { BulkTarget } from '../../invoice-documents/components/BulkEmailModal';
import type { ComposeTarget } from '../../invoice-documents/components/ComposeEmailModal';
import type { PaymentTarget } from '../../payments/components/PaymentModal';
import { invoiceList, useDeleteInvoice, useUpdateInvoice } from '../api';
import { copyQuestion, useCopyInvoiceAction } from '../hooks/useCopyInvoice';
import { paymentTarget } from '../payment-target';

const { invoiceCalls } = callRoutes;

// The dialogs load when first opened: the list shows without their code.
const PaymentModal = lazyNamed(() => import('../../payments/components/PaymentModal'), 'PaymentModal');
// The one customer's toolbar (with Receive Payment) shows only when the list is filtered to a
// customer: its code, and the payment dialog's, load then.
const InvoiceListCustomer = lazyNamed(
  () => import('../../customers/receipts/components/InvoiceListCustomer'),
  'InvoiceListCustomer',
);
const BulkEmailModal = lazyNamed(() => import('../../invoice-documents/components/BulkEmailModal'), 'BulkEmailModal');
const ComposeEmailModal = lazyNamed(
  () => import('../../invoice-documents/components/ComposeEmailModal'),
  'ComposeEmailModal',
);

/**
 * The first load shows the last 36 months. Worked out when the page first renders, not when its
 * module loads: by then the settings' answer (the business's date) has arrived.
 */
const last36Months = () => addDays(businessToday(), -365 * 3);
/** Transfer Status flips a consignment invoice between DUE and PAID. */
const flipped = (status: Invoice['consignmentStatus']) => (status === 'PAID' ? 'DUE' : 'PAID');
const typeOptions = [
  { value: 'invoice', label: 'Invoice' },
  { value: 'consignment', label: 'Consignment' },
];

export default function InvoicesListPage() {
  const billers = useBillerOptions();
  const billerName = (id: number) => billers.data?.find((b) => b.id === id)?.company ?? `biller ${id}`;
  const update = useUpdateInvoice();
  const remove = useDeleteInvoice();
  const { copy } = useCopyInvoiceAction();
  const [since] = useState(last36Months);
  const [composing, setComposing] = useState<ComposeTarget | null>(null);
  const [paying, setPaying] = useState<PaymentTarget | null>(null);
  const [mailing, setMailing] = useState<BulkTarget[] | null>(null);
  const queryClient = useQueryClient();
  /** The selected ids with their invoice numbers, from the pages of the list already loaded. */
  const bulkTargets = (ids: (string | number)[]): BulkTarget[] => {
    const numbers = new Map<number, string>();
    for (const [, page] of queryClient.getQueriesData<ListResult<Invoice>>({ queryKey: keys.invoices.lists() })) {
      for (const row of page?.rows ?? []) numbers.set(row.id, row.invoiceNo);
    }
    return ids.map((id) => ({ id: Number(id), invoiceNo: numbers.get(Number(id)) ?? `Invoice ${id}` }));
  };
  return (
    <>
      <ListPage
        title="Invoices"
        source={invoiceList}
        pageSize={invoicePageSize}
        numbered
        withFooter
        rowNoun="invoice"
        params={{
          extraDefaults: {
            biller: '',
            type: '',
            status: '',
            startDate: since,
            endDate: '',
            month: '',
            year: '',
            customer: '',
          },
          mapExtra: (e) => ({
            biller: Filter.id(e.biller),
            type: e.type,
            status: e.status,
            customer: Filter.id(e.customer),
            ...Filter.period(e),
          }),
        }}
        filters={(p) => (
          <>
            <Filter.Choice
              p={p}
              name="biller"
              label="Biller"
              w={170}
              data={(billers.data ?? []).map((b) => ({ value: String(b.id), label: b.company }))}
            />
            <Filter.Choice p={p} name="type" label="Invoice Type" w={130} data={typeOptions} />
            <Filter.Status p={p} />
            <Filter.DateRange p={p} />
            <Filter.MonthYear p={p} />
            {p.extra.customer && (
              <Suspense fallback={null}>
                <InvoiceListCustomer customerId={p.extra.customer} onClear={() => p.setExtra({ customer: '' })} />
              </Suspense>
            )}
          </>
        )}
        columns={(totals) =>
          specColumns<Invoice>(
            pickColumns(INVOICE_COLUMNS, [
              'invoiceNo',
              'date',
              'customer',
              'biller',
              'status',
              'total',
              'paid',
              'discountRedeemed',
              'amountCredited',
              'balance',
            ]),
            {
              footers: {
                total: { value: totals?.total, testId: 'invoices-total-total' },
                paid: { value: totals?.paid, testId: 'invoices-total-paid' },
                discountRedeemed: { value: totals?.discount, testId: 'invoices-total-discount' },
                amountCredited: { value: totals?.credit, testId: 'invoices-total-credit' },
                balance: { value: totals?.balance, testId: 'invoices-total-balance' },
              },
              with: {
                // Names wrap at these widths: "Express Mart #124" shows whole, and the table fits 1280 px.
                customer: { maxWidth: 200 },
                biller: { maxWidth: 140 },
                status: { render: (i) => <InvoiceStatus invoice={i} /> },
              },
            },
          )
        }
        inlineActions={0}
        rowActions={(i) => [
          ...viewEdit('invoices', i.id),
          { label: 'Add Payment', run: () => setPaying(paymentTarget(i)), reload: false },
          { label: 'View Payments', to: `/payment/invoice/${i.id}` },
          {
            label: 'Email Invoice',
            run: () => setComposing({ id: i.id, kind: 'pdf', invoiceNo: i.invoiceNo }),
            reload: false,
          },
          {
            label: 'Email EDI',
            run: () => setComposing({ id: i.id, kind: 'edi', invoiceNo: i.invoiceNo }),
            reload: false,
          },
          // Opens the new draft's edit screen: the list does not reload.
          { label: 'Copy to new invoice', confirm: copyQuestion(i), run: () => copy(i), reload: false },
          { label: 'Print Invoice', to: `/invoices/print/${i.id}` },
          { label: 'Print Thermal', to: `/invoices/thermalPrint/${i.id}` },
          { label: EDI_LABELS.modisoft, run: () => downloadEdi('modisoft', i.id), reload: false },
          { label: EDI_LABELS.cstore, run: () => downloadEdi('cstore', i.id), reload: false },
          {
            label: 'Transfer Biller',
            // Transfer Biller moves an invoice between the house biller and the second one only.
            hidden: i.billerID !== HOUSE_BILLER_ID && i.billerID !== SECOND_BILLER_ID,
            // It changes who the invoice is from (its print, PDF and EDI files): asked first, like Transfer Status.
            confirm: {
              title: 'Transfer Biller',
              message: `Move ${i.invoiceNo} from ${i.biller} to ${billerName(i.billerID === HOUSE_BILLER_ID ? SECOND_BILLER_ID : HOUSE_BILLER_ID)}?`,
              danger: false,
            },
            run: async () => {
              const { invoice } = await update.mutateAsync({ id: i.id, transferBiller: true });
              showSuccess(`${invoice.invoiceNo} is now from ${invoice.biller}`);
            },
          },
          {
            label: 'Transfer Status',
            hidden: i.type !== 'consignment',
            confirm: {
              title: 'Transfer Status',
              message: `Change the consignment status of ${i.invoiceNo} from ${i.consignmentStatus} to ${flipped(i.consignmentStatus)}?`,
              danger: false,
            },
            run: async () => {
              const { invoice } = await update.mutateAsync({ id: i.id, transferStatus: true });
              showSuccess(`${invoice.invoiceNo}: consignment status is now ${invoice.consignmentStatus}`);
            },
          },
          deleteAction(`${i.invoiceNo}, its lines and its payments`, () => remove.mutateAsync(i.id)),
        ]}
        bulkActions={[{ label: 'E-mail selected', color: 'blue', run: async (ids) => setMailing(bulkTargets(ids)) }]}
        emptyText="No invoices"
        header={{ addNewTo: '/invoices/new', exportCsv: invoiceCalls.export, backWhenEmpty: true }}
      />
      <OnceOpened open={paying !== null}>
        <PaymentModal target={paying} onClose={() => setPaying(null)} />
      </OnceOpened>
      <OnceOpened open={mailing !== null}>
        <BulkEmailModal targets={mailing} onClose={() => setMailing(null)} />
      </OnceOpened>
      <OnceOpened open={composing !== null}>
        <ComposeEmailModal target={composing} onClose={() => setComposing(null)} />
      </OnceOpened>
    </>
  );
}
