import { Badge } from '@mantine/core';
import { CUSTOMER_COLUMNS, type Customer, formatMoney, pickColumns } from '@wd/contracts';
import { DateText } from '../../../components/MoneyText';
import { specColumns } from '../../../components/spec-columns';

/** The customer table's columns, shared by the list and recover screens. */
export const customerColumns = specColumns<Customer>(
  pickColumns(CUSTOMER_COLUMNS, ['company', 'name', 'city', 'phone', 'priceGroup', 'creditLimit', 'dateLastVerified']),
  {
    with: {
      // No limit is no limit, not $0.00.
      creditLimit: { render: (c) => (c.creditLimit > 0 ? formatMoney(c.creditLimit) : '—') },
      dateLastVerified: {
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
    },
  },
);
