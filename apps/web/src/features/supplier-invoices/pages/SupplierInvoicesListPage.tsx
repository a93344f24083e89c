import { callRoutes, SUPPLIER_INVOICE_SCREEN, type SupplierInvoice } from '@wd/contracts';
import { useState } from 'react';
import * as Filter from '../../../components/ListFilters';
import { ListPage } from '../../../components/list/ListPage';
import { deleteAction, viewEdit } from '../../../components/list/row-actions';
import { StatusBadge } from '../../../components/StatusBadge';
import { specColumns } from '../../../components/spec-columns';
import { PaymentModal, type PaymentTarget } from '../../payments/components/PaymentModal';
import { useSupplierOptions } from '../../suppliers/api';
import { supplierInvoiceList, useDeleteSupplierInvoice } from '../api';

const { supplierInvoiceCalls } = callRoutes;

export default function SupplierInvoicesListPage() {
  const suppliers = useSupplierOptions();
  const remove = useDeleteSupplierInvoice();
  const [paying, setPaying] = useState<PaymentTarget | null>(null);
  return (
    <>
      <ListPage
        title="Supplier Invoices"
        source={supplierInvoiceList}
        withFooter
        rowNoun="supplier invoice"
        params={{
          extraDefaults: { startDate: '', endDate: '', distributor: '', month: '', year: '', status: '' },
          mapExtra: (e) => ({ ...Filter.period(e), distributor: Filter.id(e.distributor), status: e.status }),
        }}
        filters={(p) => (
          <>
            <Filter.DateRange p={p} />
            <Filter.Choice
              p={p}
              name="distributor"
              label="Supplier"
              w={170}
              data={(suppliers.data ?? []).map((d) => ({ value: String(d.id), label: d.company }))}
            />
            <Filter.MonthYear p={p} />
            <Filter.Status p={p} />
          </>
        )}
        columns={(totals) =>
          specColumns<SupplierInvoice>(SUPPLIER_INVOICE_SCREEN, {
            footers: {
              amountPurchase: { value: totals?.amountPurchase, testId: 'supplier-total-purchase' },
              amountPaid: { value: totals?.amountPaid, testId: 'supplier-total-paid' },
              amountDue: { value: totals?.amountDue, testId: 'supplier-total-due' },
            },
            // The supplier's invoice number is the link to the invoice.
            with: { invoiceNo: { rowLink: true }, status: { render: (i) => <StatusBadge status={i.status} /> } },
          })
        }
        rowActions={(i) => [
          ...viewEdit('distributors/invoices', i.id),
          {
            label: 'Add Payment',
            reload: false,
            run: () =>
              setPaying({
                kind: 'supplier',
                id: i.id,
                invoiceNo: `${i.distributor} #${i.invoiceNo}`,
                total: i.amountPurchase,
                balance: i.amountDue,
              }),
          },
          { label: 'View Payments', to: `/distributors/invoices/${i.id}/payments` },
          deleteAction(`${i.distributor} #${i.invoiceNo} and its payments`, () => remove.mutateAsync(i.id)),
        ]}
        emptyText="No supplier invoices"
        header={{ addNewTo: '/distributors/invoices/new', exportCsv: supplierInvoiceCalls.export }}
      />
      <PaymentModal target={paying} onClose={() => setPaying(null)} />
    </>
  );
}
