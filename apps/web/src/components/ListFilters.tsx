import { type ComboboxData, TextInput } from '@mantine/core';
import { MONTHS } from '@wd/contracts';
import type { ListParamsApi } from '../lib/list-params';
import { DateField } from './DateField';
import { DeferredSelect } from './DeferredSelect';

/**
 * Filter controls of the invoice lists (customer and supplier) and the
 * payment histories, each bound to one extra filter of the list's URL.
 * Imported as a namespace: `Filter.DateRange`, `Filter.period(extra)`.
 */
type FilterProps = { p: ListParamsApi };

/** A choice with "All" (cleared) as its empty value. */
export function Choice({
  p,
  name,
  label,
  w,
  data,
}: FilterProps & { name: string; label: string; w: number; data: ComboboxData }) {
  return (
    <DeferredSelect
      label={label}
      placeholder="All"
      clearable
      w={w}
      data={data}
      value={p.extra[name] || null}
      onChange={(v) => p.setExtra({ [name]: v ?? '' })}
    />
  );
}

export const Status = ({ p }: FilterProps) => (
  <Choice p={p} name="status" label="Status" w={110} data={['DUE', 'PAID', 'REFUND']} />
);

/** A date filter's error floats under it, so the row of filters does not move. */
const floatingError = {
  root: { position: 'relative' },
  error: { position: 'absolute', whiteSpace: 'nowrap' },
} as const;

/** Start and end dates. */
export function DateRange({ p }: FilterProps) {
  return (
    <>
      {(['startDate', 'endDate'] as const).map((name) => (
        <DateField
          key={name}
          label={name === 'startDate' ? 'Start date' : 'End date'}
          w={140}
          clearable
          styles={floatingError}
          value={p.extra[name]}
          onChange={(value) => p.setExtra({ [name]: value })}
        />
      ))}
    </>
  );
}

const monthOptions = MONTHS.map((name, i) => ({ value: String(i + 1), label: name }));

/** A month of the year, and the year (four digits, else ignored). */
export function MonthYear({ p }: FilterProps) {
  return (
    <>
      <Choice p={p} name="month" label="Month" w={150} data={monthOptions} />
      <TextInput
        label="Year"
        placeholder="All"
        w={80}
        defaultValue={p.extra.year}
        onChange={(e) => p.setExtra({ year: e.currentTarget.value.trim() })}
      />
    </>
  );
}

/** The period filters as the list calls take them (docs/api.md, "Lists"). */
export const period = (e: Record<string, string>) => ({
  startDate: e.startDate,
  endDate: e.endDate,
  month: e.month ? Number(e.month) : ('' as const),
  year: /^\d{4}$/.test(e.year) ? Number(e.year) : ('' as const),
});

/** A picked record's id, or '' for All. */
export const id = (value: string) => (value ? Number(value) : ('' as const));
