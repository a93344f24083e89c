import { Alert, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { driverDb } from '../db';
import { truckNow } from '../truck';

/** The truck's stock on the phone: at the download, sold and returned since, and now; offline. */
export default function TruckStockPage() {
  const [search, setSearch] = useState('');
  const data = useLiveQuery(async () => {
    const meta = await driverDb.meta.get('download');
    if (!meta) return null;
    const [invoices, queue, products] = await Promise.all([
      driverDb.invoices.where('state').equals('final').toArray(),
      driverDb.queue.toArray(),
      driverDb.products.toArray(),
    ]);
    const names = new Map(products.map((p) => [p.id, p]));
    const lines = truckNow(meta.truckStock ?? [], meta.downloadedAt, invoices, queue)
      .filter((l) => l.atDownload || l.sold || l.returned)
      .map((l) => ({
        ...l,
        name: names.get(l.productID)?.name ?? `Product ${l.productID}`,
        barcode: names.get(l.productID)?.barcode ?? '',
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
    return { truck: meta.route?.truck ?? '', lines };
  });
  if (data === undefined) return null;
  if (data === null) return <Alert color="yellow">Download the day first: the truck's stock comes with it.</Alert>;
  const wanted = search.trim().toLowerCase();
  const shown = wanted
    ? data.lines.filter((l) => l.name.toLowerCase().includes(wanted) || l.barcode.includes(wanted))
    : data.lines;
  const total = data.lines.reduce((sum, l) => sum + l.now, 0);
  return (
    <Stack gap="sm">
      <Title order={1} size="h3">
        {data.truck ? `${data.truck}: stock` : 'Truck stock'}
      </Title>
      <Text size="sm" c="dimmed">
        At the morning download, less what you sold since, plus resellable returns. {total.toLocaleString('en-US')}{' '}
        units on the truck.
      </Text>
      <TextInput
        label="Find a product"
        size="md"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        autoComplete="off"
      />
      {data.lines.length === 0 && <Text c="dimmed">Nothing was on the truck at the download.</Text>}
      {shown.map((l) => (
        <Card key={l.productID} withBorder padding="sm" data-testid="truck-line">
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={600} truncate="end">
                {l.name}
              </Text>
              <Text size="sm" c="dimmed">
                {l.atDownload} at the download · {l.sold} sold · {l.returned} back
              </Text>
            </Stack>
            <Text fw={800} size="xl" c={l.now < 0 ? 'red' : undefined} aria-label={`${l.name} on the truck`}>
              {l.now}
            </Text>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
