import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatMoney } from '@wd/contracts';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { FULL_LABEL } from '../components/DriverLayout';
import { driverDb, type QueueState } from '../db';
import { type SyncRound, syncNow } from '../sync';

const STATE: Record<QueueState, { label: string; color: string }> = {
  waiting: { label: 'Waiting', color: 'yellow' },
  sent: { label: 'Sent', color: 'green' },
  refused: { label: 'Refused', color: 'red' },
};

/** What the device has to send, what it sent (with what the office will check) and what was refused and why. */
export default function QueuePage() {
  const items = useLiveQuery(() => driverDb.queue.orderBy('seq').reverse().toArray());
  const [round, setRound] = useState<SyncRound | null>(null);
  const [busy, setBusy] = useState(false);
  const waiting = items?.filter((i) => i.state === 'waiting').length ?? 0;

  return (
    <Stack gap="sm">
      <Anchor component={Link} to="/driver" size="sm">
        ← Today's stops
      </Anchor>
      <Group justify="space-between">
        <Title order={1} size="h3">
          Sync
        </Title>
        <Button
          size="md"
          loading={busy}
          onClick={async () => {
            setBusy(true);
            setRound(await syncNow());
            setBusy(false);
          }}
        >
          Sync now
        </Button>
      </Group>
      {/* Until the device's queue is read, nothing is said about it: "Nothing waits" would be a guess. */}
      <Text>
        {items === undefined
          ? 'Reading what waits on this device…'
          : waiting
            ? `${waiting} waiting to be sent`
            : 'Nothing waits to be sent.'}
      </Text>
      {round?.error && (
        <Alert color="yellow" title="Not sent yet">
          {round.error} It is kept on the device and sent when the connection is back.
        </Alert>
      )}
      {items?.length === 0 && <Text c="dimmed">No invoice made on this device yet.</Text>}
      {items?.map((item) => (
        <Card key={item.seq} withBorder padding="sm" data-testid="queue-item">
          <Group justify="space-between" wrap="nowrap">
            <Text fw={600} truncate="end">
              {item.label}
            </Text>
            <Badge color={STATE[item.state].color} styles={FULL_LABEL} style={{ flexShrink: 0 }}>
              {STATE[item.state].label}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            Made {new Date(item.queuedAt).toLocaleTimeString('en-US')}
            {item.sentAt ? ` · sent ${new Date(item.sentAt).toLocaleTimeString('en-US')}` : ''}
            {item.attempts > 0 && item.state === 'waiting'
              ? ` · ${item.attempts} ${item.attempts === 1 ? 'try' : 'tries'}`
              : ''}
          </Text>
          {item.answer && (
            <Text size="sm">
              Stored: total {formatMoney(item.answer.invoice.total - item.answer.invoice.amountCredited)}, balance{' '}
              {formatMoney(item.answer.invoice.balance)}
            </Text>
          )}
          {item.answer?.flags.map((f) => (
            <Text key={f.message} size="sm" c="orange.8">
              The office will check: {f.message}
            </Text>
          ))}
          {item.lastError && (
            <Text size="sm" c={item.state === 'refused' ? 'red.8' : 'dimmed'}>
              {item.state === 'refused' ? `Refused: ${item.lastError}` : `Last try: ${item.lastError}`}
            </Text>
          )}
        </Card>
      ))}
    </Stack>
  );
}
