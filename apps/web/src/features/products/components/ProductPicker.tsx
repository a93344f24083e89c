import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Product } from '@wd/contracts';
import { useState } from 'react';
import { formatMoney } from '../../../lib/format';
import { keys } from '../../../lib/query-keys';
import { useSettings } from '../../../lib/settings';
import { lookupProducts } from '../api';

interface ProductPickerProps extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  value: Product | null;
  onChange(product: Product | null): void;
  /** How many matches to offer (default: the settings' Results Per Input). */
  limit?: number;
}

/** Finds a product by name, barcode (± leading 0) or box barcode through product/filter. */
export function ProductPicker({ value, onChange, limit: given, label = 'Product', ...props }: ProductPickerProps) {
  const { resultsPerInput } = useSettings().settings;
  const limit = given ?? resultsPerInput;
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 200);
  const query = useQuery({
    queryKey: keys.products.list('lookup', { debounced, limit }),
    queryFn: () => lookupProducts(debounced, limit),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
  const found = query.data ?? [];
  const options = value && !found.some((p) => p.id === value.id) ? [value, ...found] : found;
  return (
    <Select
      label={label}
      searchable
      clearable
      placeholder="Name or barcode"
      nothingFoundMessage={query.isFetching ? 'Searching…' : 'No product found'}
      data={options.map((p) => ({
        value: String(p.id),
        label: `${p.name} · ${p.barcode} · ${formatMoney(p.sellingPrice)}`,
      }))}
      filter={({ options: o }) => o}
      searchValue={search}
      onSearchChange={setSearch}
      value={value ? String(value.id) : null}
      onChange={(id) => onChange(options.find((p) => String(p.id) === id) ?? null)}
      comboboxProps={{ withinPortal: true }}
      {...props}
    />
  );
}
