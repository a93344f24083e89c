import { Alert, Badge, Button, Card, Group, Progress, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { formatMoney } from '@wd/contracts';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { FULL_LABEL } from '../components/DriverLayout';
import { driverDb, type StopState } from '../db';
import { morningDownload } from '../download';

const STATE: Record<StopState, { label: string; color: string }> = {
  next: { label: 'Next', color: 'blue' },
  done: { label: 'Done', color: 'green' },
  skipped: { label: 'Skipped', color: 'gray' },
};

/** Today's stops in order, with the morning download on top. */
export default function DriverHomePage() {
  const meta = useLiveQuery(() => driverDb.meta.get('download'));
  const stops = useLiveQuery(() => driverDb.stops.orderBy('position').toArray());
  const [progress, setProgress] = useState<{ value: number; label: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const download = async () => {
    setError(null);
    setProgress({ value: 0, label: 'Starting…' });
    try {
      await morningDownload((value, label) => setProgress({ value, label }));
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setProgress(null);
    }
  };
  const firstNext = stops?.find((s) => s.state === 'next');

  return (
    <Stack gap="sm">
      <Title order={1} size="h3">
        Today's stops
      </Title>
      <Button size="lg" onClick={download} loading={progress !== null} variant={meta ? 'light' : 'filled'} fullWidth>
        {meta ? 'Download again' : 'Download the day'}
      </Button>
      {progress && (
        <Stack gap={4}>
          <Progress value={progress.value * 100} size="xl" striped animated aria-label="Download progress" />
          <Text size="sm">{progress.label}</Text>
        </Stack>
      )}
      {error && (
        <Alert color="red" title="The download did not finish">
          {error} What was on the device is kept.
        </Alert>
      )}
      {meta && !meta.route && <Alert color="yellow">No route is set for you today. Ask the office.</Alert>}
      {!meta && !progress && (
        <Alert color="blue">Download the day while you have signal: the stops, prices and invoice numbers.</Alert>
      )}
      {stops?.map((s) => (
        <Card
          key={s.customerID}
          component={Link}
          to={`/driver/stop/${s.customerID}`}
          withBorder
          padding="md"
          radius="md"
          style={{ borderLeft: `6px solid var(--mantine-color-${STATE[s.state].color}-6)` }}
        >
          {/* The link's name starts with the stop and its state, then what it shows (no aria-label: the name holds the visible text). */}
          <VisuallyHidden>{`Stop ${s.position}: ${s.customer}, ${STATE[s.state].label}.`}</VisuallyHidden>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={700} size="lg" truncate="end">
                {s.position}. {s.customer}
              </Text>
              <Text size="sm" c="dimmed" truncate="end">
                {[s.address, s.city].filter(Boolean).join(', ') || 'No address'}
              </Text>
              <Text size="sm">
                Open balance <b>{formatMoney(s.openBalance)}</b>
                {s.creditLimit > 0 ? ` · limit ${formatMoney(s.creditLimit)}` : ''}
              </Text>
            </Stack>
            <Badge
              size="lg"
              color={STATE[s.state].color}
              variant={s === firstNext ? 'filled' : 'light'}
              styles={FULL_LABEL}
              style={{ flexShrink: 0 }}
            >
              {s === firstNext ? 'Next' : STATE[s.state].label}
            </Badge>
          </Group>
        </Card>
      ))}
      <Group justify="space-between" mt="md">
        <Button component={Link} to="/driver/queue" variant="subtle">
          Sync status
        </Button>
        <Button component={Link} to="/driver/truck" variant="subtle">
          Truck stock
        </Button>
        <Button component={Link} to="/invoices" variant="subtle">
          Office screens
        </Button>
      </Group>
    </Stack>
  );
}
