import { Alert, Anchor, Group, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { callRoutes, formatMoney } from '@wd/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { DateField } from '../../../components/DateField';
import { callApi, errorMessage } from '../../../lib/api-client';
import { businessToday } from '../../../lib/format';

const { routeCalls } = callRoutes;

/** The office's view of the day: each route's stops done and skipped as the devices sync, refreshed every 30 s. */
export default function RoutesTodayPage() {
  const [date, setDate] = useState(businessToday());
  const query = useQuery({
    queryKey: ['routes', 'progress', date],
    queryFn: () => callApi(routeCalls.progress, { body: date ? { date } : {} }),
    refetchInterval: 30_000,
  });
  const routes = query.data?.routes ?? [];
  return (
    <Stack>
      <Title order={1}>Routes Today</Title>
      <Group align="flex-end">
        <DateField label="Day" value={date} onChange={setDate} w={160} />
        <Text size="sm" c="dimmed">
          {query.isFetching ? 'Refreshing…' : 'Refreshed every 30 seconds as the drivers’ devices sync'}
        </Text>
      </Group>
      {query.isError && <Alert color="red">{errorMessage(query.error)}</Alert>}
      {query.isSuccess && routes.length === 0 && (
        <Text c="dimmed">
          No route yet.{' '}
          <Anchor component={Link} to="/routes/new">
            New route
          </Anchor>
        </Text>
      )}
      {routes.length > 0 && (
        <Table striped withTableBorder data-testid="routes-today">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Route</Table.Th>
              <Table.Th>Driver</Table.Th>
              <Table.Th>Stops</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>Invoices</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>Sold</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>Collected</Table.Th>
              <Table.Th>Last sync</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>Flags</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {routes.map((r) => (
              <Table.Tr key={r.routeID}>
                <Table.Td>
                  <Anchor component={Link} to={`/routes/${r.routeID}`}>
                    {r.route}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {r.truck}
                  </Text>
                </Table.Td>
                <Table.Td>{r.driver}</Table.Td>
                <Table.Td miw={180}>
                  {/* Each section is a progressbar with its own name; the root (a plain div) takes no aria-label. */}
                  <Progress.Root size="lg">
                    <Progress.Section
                      value={r.stops ? (100 * r.done) / r.stops : 0}
                      color="green"
                      aria-label={`${r.done} of ${r.stops} done`}
                    />
                    <Progress.Section
                      value={r.stops ? (100 * r.skipped) / r.stops : 0}
                      color="gray"
                      aria-label={`${r.skipped} of ${r.stops} skipped`}
                    />
                  </Progress.Root>
                  <Text size="xs">
                    {r.done} done · {r.skipped} skipped · {Math.max(0, r.stops - r.done - r.skipped)} to go
                  </Text>
                </Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>{r.invoices}</Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>{formatMoney(r.sold)}</Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>{formatMoney(r.collected)}</Table.Td>
                <Table.Td>{r.lastSync ? new Date(r.lastSync).toLocaleTimeString('en-US') : 'Not yet'}</Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>
                  {r.flags > 0 ? (
                    <Anchor component={Link} to="/routes/flags" c="orange.8" fw={700}>
                      {r.flags}
                    </Anchor>
                  ) : (
                    0
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
