import { Alert, Anchor, Badge, Button, Card, Group, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { formatMoney } from '@wd/contracts';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { newIdempotencyKey } from '../../../lib/api-client';
import { session } from '../../../lib/session';
import { deviceId, driverDb } from '../db';
import { deviceTotals } from '../pricing';
import { setStopState } from '../sync';

/** One stop: who, what they owe, what was made here today, and a new invoice or a skip. */
export default function StopPage() {
  const customerID = Number(useParams().customerID);
  const navigate = useNavigate();
  const stop = useLiveQuery(() => driverDb.stops.get(customerID), [customerID]);
  const meta = useLiveQuery(() => driverDb.meta.get('download'));
  const invoices = useLiveQuery(() => driverDb.invoices.where('customerID').equals(customerID).toArray(), [customerID]);
  const [skipping, setSkipping] = useState(false);
  const [reason, setReason] = useState('');

  if (stop === undefined) {
    return (
      <Alert color="yellow" title="This stop is not on the device">
        <Anchor component={Link} to="/driver">
          Back to today's stops
        </Anchor>
      </Alert>
    );
  }
  const start = async (type: 'invoice' | 'consignment') => {
    const user = session.get();
    if (!user || !meta) return;
    const localId = newIdempotencyKey();
    await driverDb.invoices.add({
      localId,
      userId: user.id,
      deviceID: deviceId(),
      state: 'draft',
      type,
      customerID: stop.customerID,
      customer: stop.customer,
      priceGroupID: stop.priceGroupID,
      date: meta.date,
      number: null,
      lines: [],
      payments: [],
      proof: null,
      printedAt: null,
      createdAt: new Date().toISOString(),
    });
    navigate(`/driver/invoice/${localId}`);
  };
  const skip = async () => {
    await setStopState(customerID, 'skipped', reason.trim());
    setSkipping(false);
    navigate('/driver');
  };

  return (
    <Stack gap="sm">
      <Anchor component={Link} to="/driver" size="sm">
        ← Today's stops
      </Anchor>
      <Title order={1} size="h3">
        {stop.position}. {stop.customer}
      </Title>
      <Text>{[stop.address, stop.city].filter(Boolean).join(', ')}</Text>
      {stop.phone && (
        <Anchor href={`tel:${stop.phone}`} size="lg">
          {stop.phone}
        </Anchor>
      )}
      <Card withBorder>
        <Text>
          Open balance: <b>{formatMoney(stop.openBalance)}</b>
        </Text>
        <Text>Credit limit: {stop.creditLimit > 0 ? formatMoney(stop.creditLimit) : 'none'}</Text>
        {stop.state === 'skipped' && <Text c="dimmed">Skipped{stop.skipReason ? `: ${stop.skipReason}` : ''}</Text>}
      </Card>
      <Button size="xl" onClick={() => start('invoice')}>
        New invoice
      </Button>
      <Button size="lg" variant="light" onClick={() => start('consignment')}>
        New consignment invoice
      </Button>
      {invoices && invoices.length > 0 && (
        <Stack gap={6}>
          <Text fw={700}>Made here today</Text>
          {invoices.map((inv) => (
            <Card key={inv.localId} component={Link} to={`/driver/invoice/${inv.localId}`} withBorder padding="sm">
              <Group justify="space-between">
                <Text>{inv.number ? `Invoice/${inv.number}` : 'Draft'}</Text>
                <Group gap={6}>
                  <Text fw={700}>
                    {formatMoney((deviceTotals(inv.lines).total - deviceTotals(inv.lines).amountCredited) / 100)}
                  </Text>
                  <Badge color={inv.state === 'final' ? 'green' : 'yellow'}>
                    {inv.state === 'final' ? 'Final' : 'Draft'}
                  </Badge>
                </Group>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
      {stop.state === 'skipped' && (
        <Button size="md" variant="subtle" onClick={() => setStopState(customerID, 'next', '')}>
          Put back on today's list
        </Button>
      )}
      {stop.state !== 'skipped' && (
        <Button size="md" variant="subtle" color="gray" onClick={() => setSkipping(true)}>
          Skip this stop
        </Button>
      )}
      <Modal opened={skipping} onClose={() => setSkipping(false)} title="Skip this stop?" centered>
        <Stack>
          <Textarea
            label="Reason"
            placeholder="Closed, no order, no one to receive…"
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setSkipping(false)}>
              Back
            </Button>
            <Button color="red" onClick={skip} disabled={!reason.trim()}>
              Skip
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
