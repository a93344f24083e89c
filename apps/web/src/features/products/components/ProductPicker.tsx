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
  /**
   * A scanner's Enter picks the product (the one whose barcode was typed, or the only match)
   * instead of submitting the form around the box, even before the matches have been shown.
   */
  pickOnEnter?: boolean;
}

/** The product a typed text means when Enter is pressed: its barcode's, or the only match. */
function onlyMatch(text: string, found: Product[]): Product | undefined {
  const typed = text.trim();
  const exact = found.filter((p) =>
    [p.barcode, `0${p.barcode}`, p.barcode.replace(/^0/, ''), p.boxBarcode].includes(typed),
  );
  if (exact.length === 1) return exact[0];
  return found.length === 1 ? found[0] : undefined;
}

/** Finds a product by name, barcode (± leading 0) or box barcode through product/filter. */
export function ProductPicker({
  value,
  onChange,
  limit: given,
  label = 'Product',
  pickOnEnter = false,
  ...props
}: ProductPickerProps) {
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
      onKeyDown={
        pickOnEnter
          ? (e) => {
              if (e.key !== 'Enter') return;
              e.preventDefault();
              // An option chosen with the arrow keys is Enter's to pick, as in any select.
              const list = e.currentTarget.getAttribute('aria-controls');
              if (list && document.getElementById(list)?.querySelector('[data-combobox-selected]')) return;
              const text = search;
              void lookupProducts(text, limit)
                .then((found) => {
                  const product = onlyMatch(text, found);
                  if (product) onChange(product);
                })
                .catch(() => undefined);
            }
          : undefined
      }
      {...props}
    />
  );
}
