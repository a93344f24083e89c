import { Badge, Button } from '@mantine/core';
import type { Customer } from '@wd/contracts';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { ListPage } from '../../../components/ListPage';
import { DateText } from '../../../components/MoneyText';
import { queryKeys } from '../../../lib/query-keys';
import { deleteCustomer, fetchCustomers } from '../api';
import { type CertificateDialog, ResaleCertificateDialogs } from '../components/ResaleCertificateActions';

export const customerColumns = [
  { key: 'company', title: 'Company', sortable: true },
  { key: 'name', title: 'Contact', sortable: true },
  { key: 'city', title: 'City', sortable: true },
  { key: 'phone', title: 'Phone', sortable: true },
  { key: 'priceGroup', title: 'Price group', sortable: true },
  {
    key: 'dateLastVerified',
    title: 'Verified',
    sortable: true,
    render: (c: Customer) =>
      c.dateLastVerified ? (
        <>
          <DateText value={c.dateLastVerified} />
          {c.stale && (
            <Badge ml={6} color="yellow" variant="light" size="sm">
              stale
            </Badge>
          )}
        </>
      ) : (
        <Badge color="yellow" variant="light" size="sm">
          never
        </Badge>
      ),
  },
];

export default function CustomersListPage() {
  const [dialog, setDialog] = useState<CertificateDialog>(null);
  const close = useCallback(() => setDialog(null), []);
  return (
    <>
      <ListPage<Customer>
        title="Customers"
        queryKey={queryKeys.customers}
        fetchPage={fetchCustomers}
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
            run: () => deleteCustomer(c.id),
          },
        ]}
      />
      <ResaleCertificateDialogs dialog={dialog} onClose={close} />
    </>
  );
}
