import { Alert, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import type { Settlement } from '@wd/contracts';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { confirm } from '../../../components/confirm';
import { PageTitle } from '../../../components/PageTitle';
import { useLeaveGuard } from '../../../components/useLeaveGuard';
import { showSuccess } from '../../../lib/alert';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatTimestamp } from '../../../lib/format';
import { useIdParam } from '../../../lib/route-params';
import { useCloseSettlement, useSettlement, useUpdateSettlement } from '../api';
import { AdjustmentsCard } from '../components/AdjustmentsCard';
import { MoneyTable } from '../components/MoneyTable';
import { OverShort } from '../components/OverShort';
import { StockTable } from '../components/StockTable';
import { changes, type Entries, entriesOf } from '../entries';

function Totals({ s }: { s: Settlement }) {
  const cell = (label: string, value: number, testId: string) => (
    <Card withBorder padding="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <OverShort value={value} testId={testId} />
    </Card>
  );
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }}>
      {cell('Stock at cost', s.totals.stock, 'total-stock')}
      {cell('Money', s.totals.money, 'total-money')}
      {cell('Adjustments', s.totals.adjustments, 'total-adjustments')}
      {cell('Over/short', s.totals.overShort, 'total-over-short')}
    </SimpleGrid>
  );
}

/** A driver's settlement: count the truck, take the money, see over/short, close; adjust after. */
export default function SettlementPage() {
  const id = useIdParam();
  const query = useSettlement(id);
  const update = useUpdateSettlement();
  const close = useCloseSettlement();
  const [entries, setEntries] = useState<Entries>({ counts: {}, handed: {} });
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const s = query.data;
  // The entries follow the stored settlement whenever it changes (opened, saved, closed).
  useEffect(() => {
    if (s) setEntries(entriesOf(s));
  }, [s]);

  // Counts or hand-ins typed and not saved: leaving asks first.
  const unsaved =
    s?.status === 'open' &&
    (() => {
      const p = changes(s, entries);
      return p.counts.length + p.handedIn.length > 0;
    })();
  useLeaveGuard(Boolean(unsaved), {
    title: 'Counts not saved',
    message: 'The counts and money typed on this settlement are not saved. Leave anyway?',
  });

  // The screen keeps its title while it loads or when the settlement is not there.
  const back = (
    <Button variant="default" component={Link} to="/settlements">
      Back
    </Button>
  );
  if (query.isLoading || !s) {
    return (
      <Stack gap="md">
        <PageTitle title="Settlement">{back}</PageTitle>
        {query.isLoading ? (
          <Loader aria-label="Loading the settlement" />
        ) : (
          <Alert color="red">{query.error ? errorMessage(query.error) : 'Settlement not found'}</Alert>
        )}
      </Stack>
    );
  }
  const open = s.status === 'open';
  const pending = changes(s, entries);
  const dirty = pending.counts.length + pending.handedIn.length > 0;

  const save = async () => {
    setError(null);
    try {
      if (dirty) await update.mutateAsync(pending);
      return true;
    } catch (e) {
      setError(errorMessage(e));
      return false;
    }
  };
  const closeIt = async () => {
    const yes = await confirm({
      title: 'Close this settlement?',
      message: `The truck is set to its count and unloaded into the warehouse, and the over/short is kept. A closed settlement can't be changed: a correction is an adjustment.`,
      yes: 'Close settlement',
      no: 'Not yet',
      danger: false,
    });
    if (!yes || !(await save())) return;
    try {
      await close.mutateAsync({ id: s.id, note });
      showSuccess('Settlement closed');
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <Stack gap="md">
      <PageTitle
        title={
          <>
            Settlement · {s.driver} · {formatDate(s.date)}{' '}
            <Badge color={open ? 'yellow' : 'gray'} variant="light" size="lg">
              {open ? 'Open' : 'Closed'}
            </Badge>
          </>
        }
      >
        <Button variant="default" onClick={() => window.print()}>
          Print
        </Button>
        {back}
      </PageTitle>
      <Text size="sm">
        {s.truck}
        {s.closedAt ? ` · closed by ${s.closedBy || 'a former user'} at ${formatTimestamp(s.closedAt)}` : ''}
      </Text>
      <Totals s={s} />
      <Title order={3} size="h4">
        Truck stock
      </Title>
      <StockTable s={s} entries={entries} onChange={setEntries} readOnly={!open} />
      <Title order={3} size="h4">
        Money
      </Title>
      <MoneyTable s={s} entries={entries} onChange={setEntries} readOnly={!open} />
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {open ? (
        <Card withBorder>
          <Stack gap="sm">
            <Group>
              <Button variant="light" onClick={save} loading={update.isPending} disabled={!dirty}>
                Save
              </Button>
              <Text size="sm" c="dimmed">
                {dirty ? 'Not saved yet' : 'Everything entered is saved'}
              </Text>
            </Group>
            <Textarea
              label="Note"
              description="What the office found, kept with the closed settlement"
              maxLength={1000}
              value={note}
              onChange={(e) => setNote(e.currentTarget.value)}
            />
            <Group>
              <Button onClick={closeIt} loading={close.isPending}>
                Close settlement
              </Button>
            </Group>
          </Stack>
        </Card>
      ) : (
        <>
          {s.note && <Text>Note: {s.note}</Text>}
          <AdjustmentsCard s={s} />
        </>
      )}
    </Stack>
  );
}
