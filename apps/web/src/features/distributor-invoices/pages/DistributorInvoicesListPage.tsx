import { Select, TextInput } from '@mantine/core';
import { type DistributorInvoice, formatMoney, MONTHS } from '@wd/contracts';
import { useState } from 'react';
import { ListPage } from '../../../components/ListPage';
import { DateText, MoneyText } from '../../../components/MoneyText';
import { useDistributorOptions } from '../../distributors/api';
import { PaymentModal, type PaymentTarget } from '../../invoices/components/PaymentModal';
import { StatusBadge } from '../../invoices/components/StatusBadge';
import { deleteDistributorInvoice, distributorInvoicesKey, fetchDistributorInvoices } from '../api';

type Totals = { amountPurchase: number; amountPaid: number; amountDue: number };
const monthOptions = MONTHS.map((name, i) => ({ value: String(i + 1), label: name }));

export default function DistributorInvoicesListPage() {
  const suppliers = useDistributorOptions();
  const [paying, setPaying] = useState<PaymentTarget | null>(null);
  return (
    <>
      <ListPage<DistributorInvoice, Totals>
        title="Supplier Invoices"
        queryKey={distributorInvoicesKey}
        fetchPage={fetchDistributorInvoices as never}
        addNewTo="/distributors/invoices/new"
        withFooter
        params={{
          extraDefaults: { startDate: '', endDate: '', distributor: '', month: '', year: '', status: '' },
          mapExtra: (e) => ({
            startDate: e.startDate,
            endDate: e.endDate,
            distributor: e.distributor ? Number(e.distributor) : '',
            month: e.month ? Number(e.month) : '',
            year: /^\d{4}$/.test(e.year) ? Number(e.year) : '',
            status: e.status,
          }),
        }}
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
            <Select
              label="Supplier"
              placeholder="All"
              clearable
              w={170}
              data={(suppliers.data ?? []).map((d) => ({ value: String(d.id), label: d.company }))}
              value={p.extra.distributor || null}
              onChange={(v) => p.setExtra({ distributor: v ?? '' })}
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
            <Select
              label="Status"
              placeholder="All"
              clearable
              w={110}
              data={['DUE', 'PAID', 'REFUND']}
              value={p.extra.status || null}
              onChange={(v) => p.setExtra({ status: v ?? '' })}
            />
          </>
        )}
        columns={(totals) => [
          { key: 'date', title: 'Date', sortable: true, render: (i) => <DateText value={i.date} /> },
          { key: 'distributor', title: 'Supplier', sortable: true },
          { key: 'invoiceNo', title: 'Invoice No', sortable: true },
          { key: 'status', title: 'Status', sortable: true, render: (i) => <StatusBadge status={i.status} /> },
          {
            key: 'amountPurchase',
            title: 'Purchase',
            sortable: true,
            align: 'right',
            render: (i) => <MoneyText value={i.amountPurchase} />,
            footer: <span data-testid="supplier-total-purchase">{formatMoney(totals?.amountPurchase ?? 0)}</span>,
          },
          {
            key: 'amountPaid',
            title: 'Paid',
            sortable: true,
            align: 'right',
            render: (i) => <MoneyText value={i.amountPaid} />,
            footer: <span data-testid="supplier-total-paid">{formatMoney(totals?.amountPaid ?? 0)}</span>,
          },
          {
            key: 'amountDue',
            title: 'Due',
            sortable: true,
            align: 'right',
            render: (i) => <MoneyText value={i.amountDue} />,
            footer: <span data-testid="supplier-total-due">{formatMoney(totals?.amountDue ?? 0)}</span>,
          },
        ]}
        rowActions={(i) => [
          { label: 'View', to: `/distributors/invoices/${i.id}` },
          { label: 'Edit', to: `/distributors/invoices/edit/${i.id}` },
          {
            label: 'Add Payment',
            reload: false,
            run: () =>
              setPaying({
                id: i.id,
                invoiceNo: `${i.distributor} #${i.invoiceNo}`,
                total: i.amountPurchase,
                balance: i.amountDue,
                supplier: true,
              }),
          },
          { label: 'View Payments', to: `/distributors/invoices/${i.id}/payments` },
          {
            label: 'Delete',
            color: 'red',
            confirm: {
              title: 'Are you sure you want to delete?',
              message: `${i.distributor} #${i.invoiceNo} and its payments`,
            },
            run: () => deleteDistributorInvoice(i.id),
          },
        ]}
        emptyText="No supplier invoices"
      />
      <PaymentModal target={paying} onClose={() => setPaying(null)} />
    </>
  );
}
