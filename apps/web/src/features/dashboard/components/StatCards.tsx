import { Box, Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { useProductStatus, useStatusAnalysis, useStatusOverview } from '../api';

const count = (n: number) => n.toLocaleString('en-US');

/** One figure: its label, the value (a skeleton while loading, the error when it failed) and a line under it. */
function StatCard<T>({
  label,
  query,
  value,
  note,
}: {
  label: string;
  query: UseQueryResult<T>;
  value: (data: T) => string;
  note?: (data: T) => ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="md" aria-label={label} component="section">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      {/* mt auto: the figures line up at the bottom when a label wraps on a narrow card. */}
      <Box mt="auto">
        {query.isPending ? (
          <>
            <Skeleton height={30} mt="xs" width="60%" />
            <Skeleton height={12} mt="xs" width="40%" />
          </>
        ) : query.isError ? (
          <Text c="red" size="sm" mt="xs" role="alert">
            {errorMessage(query.error)}
          </Text>
        ) : (
          <>
            <Text fz={28} fw={700} mt={4} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="stat-value">
              {value(query.data)}
            </Text>
            <Text size="sm" c="dimmed" mih={20}>
              {note?.(query.data)}
            </Text>
          </>
        )}
      </Box>
    </Card>
  );
}

/** The four cards: revenue of the last 14 days, then this month's units sold, invoices paid and active customers. */
export function StatCards() {
  const overview = useStatusOverview();
  const status = useStatusAnalysis();
  const products = useProductStatus();
  const productsNote = products.data
    ? `${count(products.data.report.productsSold)} products, ${count(products.data.report.unitsReturned)} returned`
    : '';
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
      <StatCard
        label="Revenue (last 14 days)"
        query={overview}
        value={(d) => formatMoney(d.report.revenue)}
        note={(d) => `${count(d.report.ordersProcessed)} orders processed`}
      />
      <StatCard
        label="Units sold this month"
        query={status}
        value={(d) => count(d.report.quantitySold)}
        note={() => productsNote}
      />
      <StatCard
        label="Invoices paid this month"
        query={status}
        value={(d) => count(d.report.invoicesPaid)}
        note={() => 'with status PAID'}
      />
      <StatCard
        label="Active customers this month"
        query={status}
        value={(d) => count(d.report.activeCustomers)}
        note={() => 'customers invoiced'}
      />
    </SimpleGrid>
  );
}
