import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callRoutes, WALK_IN_CUSTOMER } from '@wd/contracts';
import { useEffect, useRef, useState } from 'react';
import { useSelectOnFocus } from '../../../components/useSelectOnFocus';
import { callApi } from '../../../lib/api-client';
import { keys } from '../../../lib/query-keys';
import { useSettings } from '../../../lib/settings';

const { customerCalls } = callRoutes;

type Option = { value: string; label: string };

/** How well a name answers what was typed: the same name, then one that starts so, then any other. */
function rank(label: string, typed: string): number {
  const name = label.toLowerCase();
  if (name === typed) return 0;
  if (name.startsWith(typed)) return 1;
  return 2;
}

/**
 * The customers offered for what was typed, best match first (the same name, then names that start
 * with it, then the rest in the server's order). The walk-in customer comes only when asked for:
 * listed last while nothing is typed, and first when what is typed is the start of its name. So
 * typing a store's name and Enter (or Tab) picks that store, never "Walk-in customer".
 */
export function customerOptions(customers: Option[], typed: string): Option[] {
  const walkIn = { value: '0', label: WALK_IN_CUSTOMER };
  const text = typed.trim().toLowerCase();
  if (!text) return [...customers, walkIn];
  const ranked = customers
    .map((option, i) => ({ option, score: rank(option.label, text), i }))
    .sort((a, b) => a.score - b.score || a.i - b.i)
    .map((r) => r.option);
  const asksForWalkIn = text.length >= 2 && WALK_IN_CUSTOMER.toLowerCase().startsWith(text);
  return asksForWalkIn ? [walkIn, ...ranked] : ranked;
}

/**
 * Customer search for invoices: opens on the first customers by company, then
 * searches as the user types, as many as the settings' Results Per Input
 * Customer (50). Typing and Enter picks the best match, also when Enter comes
 * before the matches do (it waits for them); arrows and Enter pick another.
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
  // While the answer for what was just typed is on its way, nothing is offered: Enter then can't
  // pick a customer of the previous search.
  const fresh = debounced === typed && !query.isPlaceholderData;
  const found = fresh ? (query.data?.customers ?? []).map((c) => ({ value: String(c.id), label: c.company })) : [];
  const options = customerOptions(found, typed);
  // The chosen customer stays a choice so its name can show; a walk-in only when nothing is typed.
  if (value && !options.some((o) => o.value === String(value))) options.push({ value: String(value), label: current });

  // Enter on typed text picks the best match (the first of `customerOptions`), unless the arrows chose another.
  const arrowed = useRef(false);
  const selectOnFocus = useSelectOnFocus();
  const enterWaiting = useRef(false);
  const best = typed && fresh ? found.length > 0 && customerOptions(found, typed)[0] : undefined;
  const pickBest = (option: Option) => {
    setSearch(option.label);
    if (option.value !== String(value)) onPick(Number(option.value));
  };
  useEffect(() => {
    if (!enterWaiting.current || !fresh) return;
    enterWaiting.current = false;
    if (best) pickBest(best);
  });
  return (
    <Select
      label="Customer"
      searchable
      data={options}
      value={String(value)}
      searchValue={search}
      onSearchChange={(text) => {
        arrowed.current = false;
        enterWaiting.current = false;
        setSearch(text);
      }}
      onKeyDown={(e) => {
        if (e.key === 'ArrowDown' || e.key === 'ArrowUp') arrowed.current = true;
        if (e.key !== 'Enter' || !typed || arrowed.current) return;
        e.preventDefault();
        e.stopPropagation();
        if (best) pickBest(best);
        else if (!fresh) enterWaiting.current = true;
      }}
      filter={({ options: o }) => o}
      onChange={(v) => {
        if (v !== null && v !== String(value)) onPick(Number(v));
      }}
      allowDeselect={false}
      autoSelectOnBlur
      // Focused, the name is selected: typing replaces it.
      {...selectOnFocus}
      nothingFoundMessage={fresh ? 'No customer found' : 'Searching…'}
      {...props}
    />
  );
}
