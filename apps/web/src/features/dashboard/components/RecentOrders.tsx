import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { DateText, MoneyText } from '../../../components/MoneyText';
import { StatusBadge } from '../../../components/StatusBadge';
import { useRecentInvoices } from '../api';
import { Panel } from './Panel';

/** The latest five invoices (not NEW): number linking to the invoice, customer, total, status and date. */
export function RecentOrders() {
  const query = useRecentInvoices();
  return (
    <Panel
      title="Recent orders"
      query={query}
      minHeight={200}
      actions={
        <Anchor component={Link} to="/invoices" size="sm">
          View all
        </Anchor>
      }
    >
      {({ report }) =>
        report.length === 0 ? (
          <Text c="dimmed" size="sm">
            No invoices yet
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table verticalSpacing="xs" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Invoice</Table.Th>
                  <Table.Th>Customer</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Date</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.map((invoice) => (
                  <Table.Tr key={invoice.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/invoices/${invoice.id}`} size="sm">
                        {invoice.invoiceNo}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{invoice.customer}</Table.Td>
                    <Table.Td ta="right">
                      <MoneyText value={invoice.total} />
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge status={invoice.status} />
                    </Table.Td>
                    <Table.Td>
                      <DateText value={invoice.date} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )
      }
    </Panel>
  );
}
