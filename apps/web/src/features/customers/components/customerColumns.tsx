import { Badge } from '@mantine/core';
import { type Customer, formatMoney } from '@wd/contracts';
import type { Column } from '../../../components/DataTable';
import { DateText } from '../../../components/MoneyText';

/** The customer table's columns, shared by the list and recover screens. */
export const customerColumns: Column<Customer>[] = [
  { key: 'company', title: 'Company', sortable: true },
  { key: 'name', title: 'Contact', sortable: true },
  { key: 'city', title: 'City', sortable: true },
  { key: 'phone', title: 'Phone', sortable: true },
  { key: 'priceGroup', title: 'Price group', sortable: true },
  {
    key: 'creditLimit',
    title: 'Credit limit',
    sortable: true,
    align: 'right',
    render: (c) => (c.creditLimit > 0 ? formatMoney(c.creditLimit) : '—'),
  },
  {
    key: 'dateLastVerified',
    title: 'Verified',
    sortable: true,
    render: (c) =>
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
