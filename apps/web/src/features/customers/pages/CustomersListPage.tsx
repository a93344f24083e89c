import { type Customer, callRoutes } from '@wd/contracts';
import { useCallback, useState } from 'react';
import { ListPage } from '../../../components/list/ListPage';
import { deleteAction, viewEdit } from '../../../components/list/row-actions';
import { ImportButton } from '../../imports/ImportButton';
import { activeCustomers, useDeleteCustomers } from '../api';
import { customerColumns } from '../components/customerColumns';
import { OverLimitFilter, overLimitParams } from '../components/OverLimitFilter';
import { type CertificateDialog, ResaleCertificateDialogs } from '../components/ResaleCertificateActions';
import { type ReceiptCustomer, ReceivePaymentModal } from '../receipts/components/ReceivePaymentModal';

const { customerCalls } = callRoutes;

export default function CustomersListPage() {
  const [dialog, setDialog] = useState<CertificateDialog>(null);
  const close = useCallback(() => setDialog(null), []);
  const remove = useDeleteCustomers();
  const [receiving, setReceiving] = useState<ReceiptCustomer | null>(null);
  return (
    <>
      <ListPage<Customer>
        title="Customers"
        source={activeCustomers}
        columns={customerColumns}
        params={overLimitParams}
        filters={(p) => <OverLimitFilter p={p} />}
        header={{
          addNewTo: '/customers/new',
          recoverTo: '/customers/recover',
          exportCsv: customerCalls.export,
          actions: <ImportButton kind="customers" />,
        }}
        // A customer not verified for 365 days or more is highlighted as a warning.
        rowProps={(c) =>
          c.stale ? { 'data-warning': true, style: { backgroundColor: 'var(--mantine-color-yellow-1)' } } : {}
        }
        inlineActions={3}
        rowActions={(c) => [
          ...viewEdit('customers', c.id),
          { label: 'Statement', to: `/customers/${c.id}/statement` },
          { label: 'Receive Payment', run: () => setReceiving({ id: c.id, company: c.company }), reload: false },
          { label: 'Receipts', to: `/customers/${c.id}/receipts` },
          { label: 'Payments', to: `/payment/customer/${c.id}` },
          { label: 'Invoices', to: `/invoices?customer=${c.id}` },
          { label: 'View Resale Certificate', run: () => setDialog({ kind: 'view', customer: c }), reload: false },
          { label: 'Sign Resale Certificate', run: () => setDialog({ kind: 'sign', customer: c }), reload: false },
          deleteAction(c.company, () => remove.mutateAsync([c.id])),
        ]}
      />
      <ResaleCertificateDialogs dialog={dialog} onClose={close} />
      <ReceivePaymentModal customer={receiving} onClose={() => setReceiving(null)} />
    </>
  );
}
