import { ActionIcon, Badge, Group, Paper, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callRoutes, isoWeekday, WEEKDAYS } from '@wd/contracts';
import { useState } from 'react';
import { callApi } from '../../../lib/api-client';
import { businessToday } from '../../../lib/format';
import { keys } from '../../../lib/query-keys';

const { customerCalls } = callRoutes;

export interface StopValue {
  weekday: number;
  customerID: number;
  customer: string;
}

/** A customer search that adds the picked customer and empties itself for the next one. */
function AddStop({ exclude, onAdd }: { exclude: Set<number>; onAdd(id: number, company: string): void }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 200);
  const query = useQuery({
    queryKey: keys.customers.list('route-stop', debounced),
    queryFn: () => callApi(customerCalls.list, { body: { searchQuery: debounced, resultsPerPage: 50 } }),
    placeholderData: keepPreviousData,
  });
  const options = (query.data?.customers ?? [])
    .filter((c) => !exclude.has(c.id))
    .map((c) => ({ value: String(c.id), label: c.company }));
  return (
    <Select
      label="Add a stop"
      placeholder="Search customers by name"
      searchable
      data={options}
      value={null}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: o }) => o}
      nothingFoundMessage={query.isFetching ? 'Searching…' : 'No customer found'}
      onChange={(v) => {
        const picked = options.find((o) => o.value === v);
        if (picked) onAdd(Number(picked.value), picked.label);
        setSearch('');
      }}
    />
  );
}

/**
 * A route's stops, one weekday at a time: the customers in visiting order, moved up and down,
 * removed, or added by searching. Opens on today's weekday.
 */
export function StopsEditor({
  stops,
  readOnly,
  onChange,
}: {
  stops: StopValue[];
  readOnly: boolean;
  onChange(stops: StopValue[]): void;
}) {
  const [day, setDay] = useState(isoWeekday(businessToday()));
  const ofDay = stops.filter((s) => s.weekday === day);
  const others = stops.filter((s) => s.weekday !== day);
  const setDayStops = (next: StopValue[]) => onChange([...others, ...next]);
  const move = (from: number, to: number) => {
    const next = [...ofDay];
    const [stop] = next.splice(from, 1);
    next.splice(to, 0, stop);
    setDayStops(next);
  };
  const count = (d: number) => stops.filter((s) => s.weekday === d).length;

  return (
    <Stack gap="xs">
      <Text fw={600}>Stops</Text>
      <SegmentedControl
        fullWidth
        value={String(day)}
        onChange={(v) => setDay(Number(v))}
        data={WEEKDAYS.map((name, i) => ({
          value: String(i + 1),
          label: `${name.slice(0, 3)} ${count(i + 1) || ''}`.trim(),
        }))}
        aria-label="Weekday"
      />
      <Paper withBorder p="xs">
        {ofDay.length === 0 ? (
          <Text c="dimmed" size="sm">
            No stops on {WEEKDAYS[day - 1]}.
          </Text>
        ) : (
          <Stack
            gap={4}
            component="ol"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label={`${WEEKDAYS[day - 1]} stops`}
          >
            {ofDay.map((s, i) => (
              <Group key={s.customerID} component="li" justify="space-between" wrap="nowrap" gap="xs">
                <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                  <Badge variant="light" circle>
                    {i + 1}
                  </Badge>
                  <Text size="sm" truncate="end">
                    {s.customer}
                  </Text>
                </Group>
                {!readOnly && (
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Move ${s.customer} up`}
                      disabled={i === 0}
                      onClick={() => move(i, i - 1)}
                    >
                      ↑
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Move ${s.customer} down`}
                      disabled={i === ofDay.length - 1}
                      onClick={() => move(i, i + 1)}
                    >
                      ↓
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${s.customer}`}
                      onClick={() => setDayStops(ofDay.filter((_, j) => j !== i))}
                    >
                      ✕
                    </ActionIcon>
                  </Group>
                )}
              </Group>
            ))}
          </Stack>
        )}
      </Paper>
      {!readOnly && (
        <AddStop
          exclude={new Set(ofDay.map((s) => s.customerID))}
          onAdd={(customerID, customer) => setDayStops([...ofDay, { weekday: day, customerID, customer }])}
        />
      )}
    </Stack>
  );
}
