import { Select, TextInput } from '@mantine/core';
import { addDays, formatMoney, type Invoice, MONTHS, todayIn } from '@wd/contracts';
import { useState } from 'react';
import { ListPage } from '../../../components/ListPage';
import { DateText, MoneyText } from '../../../components/MoneyText';
import { queryKeys } from '../../../lib/query-keys';
import { useBillerOptions } from '../../billers/api';
import { deleteInvoice, fetchInvoices, updateInvoice } from '../api';
import { PaymentModal, type PaymentTarget } from '../components/PaymentModal';
import { StatusBadge } from '../components/StatusBadge';

const monthOptions = MONTHS.map((name, i) => ({ value: String(i + 1), label: name }));
/** The first load shows the last 36 months. */
const since = addDays(todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone), -365 * 3);

type Totals = { total: number; paid: number; discount: number; credit: number; balance: number };

export default function InvoicesListPage() {
  const billers = useBillerOptions();
  const [paying, setPaying] = useState<PaymentTarget | null>(null);
  const money = (key: keyof Invoice, title: string, footerKey: keyof Totals) => (totals: Totals | undefined) => ({
    key,
    title,
    sortable: true,
    align: 'right' as const,
    render: (i: Invoice) => <MoneyText value={i[key] as number} />,
    footer: <span data-testid={`invoices-total-${footerKey}`}>{formatMoney(totals?.[footerKey] ?? 0)}</span>,
  });
  return (
    <>
      <ListPage<Invoice, Totals>
        title="Invoices"
        queryKey={queryKeys.invoices}
        fetchPage={fetchInvoices as never}
        addNewTo="/invoices/new"
        numbered
        withFooter
        params={{
          extraDefaults: { biller: '', type: '', status: '', startDate: since, endDate: '', month: '', year: '' },
          mapExtra: (e) => ({
            biller: e.biller ? Number(e.biller) : '',
            type: e.type,
            status: e.status,
            startDate: e.startDate,
            endDate: e.endDate,
            month: e.month ? Number(e.month) : '',
            year: /^\d{4}$/.test(e.year) ? Number(e.year) : '',
          }),
        }}
        filters={(p) => (
          <>
            <Select
              label="Biller"
              placeholder="All"
              clearable
              w={170}
              data={(billers.data ?? []).map((b) => ({ value: String(b.id), label: b.company }))}
              value={p.extra.biller || null}
              onChange={(v) => p.setExtra({ biller: v ?? '' })}
            />
            <Select
              label="Invoice Type"
              placeholder="All"
              clearable
              w={130}
              data={[
                { value: 'invoice', label: 'Invoice' },
                { value: 'consignment', label: 'Consignment' },
              ]}
              value={p.extra.type || null}
              onChange={(v) => p.setExtra({ type: v ?? '' })}
            />
            <Select
              label="Status"
              placeholder="All"
              clearable
              w={110}
              data={['DUE', 'PAID', 'REFUND']}
              value={p.extra.status || null}
              onChange={(v) => p.setExtra({ status: v ?? '' })}
            />
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
            <Select
              label="Month"
              placeholder="All"
              clearable
              w={130}
              data={monthOptions}
              value={p.extra.month || null}
              onChange={(v) => p.setExtra({ month: v ?? '' })}
            />
            <TextInput
              label="Year"
              placeholder="All"
              w={80}
              defaultValue={p.extra.year}
              onChange={(e) => p.setExtra({ year: e.currentTarget.value.trim() })}
            />
          </>
        )}
        columns={(totals) => [
          { key: 'invoiceNo', title: 'Invoice No', sortable: true },
          { key: 'date', title: 'Date', sortable: true, render: (i) => <DateText value={i.date} /> },
          { key: 'customer', title: 'Customer', sortable: true },
          { key: 'biller', title: 'Biller', sortable: true },
          { key: 'status', title: 'Status', sortable: true, render: (i) => <StatusBadge status={i.status} /> },
          money('total', 'Total', 'total')(totals),
          money('paid', 'Paid', 'paid')(totals),
          money('discountRedeemed', 'Discount', 'discount')(totals),
          money('amountCredited', 'Credit', 'credit')(totals),
          money('balance', 'Balance', 'balance')(totals),
        ]}
        inlineActions={3}
        rowActions={(i) => [
          { label: 'View', to: `/invoices/${i.id}` },
          { label: 'Edit', to: `/invoices/edit/${i.id}` },
          { label: 'Add Payment', run: () => setPaying(i), reload: false },
          { label: 'View Payments', to: `/payment/invoice/${i.id}` },
          {
            label: 'Transfer Biller',
            hidden: i.billerID > 2,
            run: () => updateInvoice({ id: i.id, transferBiller: true }),
          },
          {
            label: 'Transfer Status',
            hidden: i.type !== 'consignment',
            run: () => updateInvoice({ id: i.id, transferStatus: true }),
          },
          {
            label: 'Delete',
            color: 'red',
            confirm: {
              title: 'Are you sure you want to delete?',
              message: `${i.invoiceNo}, its lines and its payments`,
            },
            run: () => deleteInvoice(i.id),
          },
        ]}
        emptyText="No invoices"
      />
      <PaymentModal target={paying} onClose={() => setPaying(null)} />
    </>
  );
}
