import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { customerCalls, WALK_IN_CUSTOMER } from '@wd/contracts';
import { useState } from 'react';
import { callApi } from '../../../lib/api-client';
import { keys } from '../../../lib/query-keys';
import { useSettings } from '../../../lib/settings';

/**
 * Customer search for invoices: opens on the first customers by company, then
 * searches as the user types, as many as the settings' Results Per Input
 * Customer (50); the walk-in customer is always a choice.
 */
export function CustomerPicker({
  value,
  label: current,
  onPick,
  ...props
}: { value: number; label: string; onPick(id: number): void } & Omit<SelectProps, 'value' | 'onChange' | 'data'>) {
  const [search, setSearch] = useState('');
  // The box shows the chosen customer's name: that is no search, so the list opens on the first customers.
  const typed = search === (value ? current : WALK_IN_CUSTOMER) ? '' : search.trim();
  const [debounced] = useDebouncedValue(typed, 200);
  const limit = useSettings().settings.resultsPerInputCustomers;
  const query = useQuery({
    queryKey: keys.customers.list('picker', { debounced, limit }),
    queryFn: () => callApi(customerCalls.list, { body: { searchQuery: debounced, resultsPerPage: limit } }),
    placeholderData: keepPreviousData,
  });
  const options = [
    { value: '0', label: WALK_IN_CUSTOMER },
    ...(query.data?.customers ?? []).map((c) => ({ value: String(c.id), label: c.company })),
  ];
  if (value && !options.some((o) => o.value === String(value))) options.push({ value: String(value), label: current });
  return (
    <Select
      label="Customer"
      searchable
      data={options}
      value={String(value)}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: o }) => o}
      onChange={(v) => onPick(Number(v ?? 0))}
      allowDeselect={false}
      nothingFoundMessage="No customer found"
      {...props}
    />
  );
}
