import { Button } from '@mantine/core';
import type { Customer } from '@wd/contracts';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { ListPage } from '../../../components/ListPage';
import { activeCustomers, useDeleteCustomers } from '../api';
import { customerColumns } from '../components/customerColumns';
import { type CertificateDialog, ResaleCertificateDialogs } from '../components/ResaleCertificateActions';

export default function CustomersListPage() {
  const [dialog, setDialog] = useState<CertificateDialog>(null);
  const close = useCallback(() => setDialog(null), []);
  const remove = useDeleteCustomers();
  return (
    <>
      <ListPage<Customer>
        title="Customers"
        source={activeCustomers}
        addNewTo="/customers/new"
        headerActions={
          <Button variant="default" component={Link} to="/customers/recover">
            Recover
          </Button>
        }
        columns={customerColumns}
        // A customer not verified for 365 days or more is highlighted as a warning.
        rowProps={(c) =>
          c.stale ? { 'data-warning': true, style: { backgroundColor: 'var(--mantine-color-yellow-1)' } } : {}
        }
        inlineActions={3}
        rowActions={(c) => [
          { label: 'View', to: `/customers/${c.id}` },
          { label: 'Edit', to: `/customers/edit/${c.id}` },
          { label: 'View Resale Certificate', run: () => setDialog({ kind: 'view', customer: c }), reload: false },
          { label: 'Sign Resale Certificate', run: () => setDialog({ kind: 'sign', customer: c }), reload: false },
          {
            label: 'Delete',
            color: 'red',
            confirm: { title: 'Are you sure you want to delete?', message: c.company },
            run: () => remove.mutateAsync([c.id]),
          },
        ]}
      />
      <ResaleCertificateDialogs dialog={dialog} onClose={close} />
    </>
  );
}
