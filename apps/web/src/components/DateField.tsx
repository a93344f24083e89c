// Mantine's date styles come with the first date field, not with the first page (they load after the core styles).
import '@mantine/dates/styles.css';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { parseDate } from '@wd/contracts';
import { type FocusEvent, type ReactNode, useEffect, useState } from 'react';

export const DATE_HINT = 'Enter a valid date as MM-DD-YYYY';

export type DateFieldProps = Omit<DateInputProps, 'value' | 'defaultValue' | 'onChange' | 'error'> & {
  /** The wire value: `YYYY-MM-DD`, or '' for no date. */
  value?: string | null;
  /** Gets `YYYY-MM-DD`, or '' when the field is emptied or holds no real date. */
  onChange(value: string): void;
  /** A date is optional: emptying the field (or the × button) sends ''. */
  clearable?: boolean;
  /** An error from outside (the form's validation); the field's own comes first. */
  error?: ReactNode;
};

/**
 * The one date input (docs/web.md, "Dates"): shows and takes MM-DD-YYYY (typed,
 * MM/DD/YYYY too, or picked in the calendar) and holds the wire value
 * YYYY-MM-DD. A typed date that is not a day of the calendar (02-30-2026), or
 * a required date left empty, stays on screen with an error and sends ''.
 */
export function DateField(props: DateFieldProps) {
  const { value, onChange, clearable = false, error, onBlur, readOnly, clearButtonProps, ...rest } = props;
  const [invalid, setInvalid] = useState<string | null>(null);
  // While the typed text is wrong the input keeps its last date, so it does not wipe the text.
  const [kept, setKept] = useState<string | null>(null);
  // What is typed: a good date is rewritten as MM-DD-YYYY on blur, anything else stays.
  const [typed, setTyped] = useState('');
  useEffect(() => {
    if (value) setInvalid(null);
  }, [value]);

  const emit = (next: string | null) => {
    setInvalid(null);
    onChange(next ?? '');
  };
  const check = (e: FocusEvent<HTMLInputElement>) => {
    onBlur?.(e);
    if (readOnly) return;
    const text = e.currentTarget.value.trim();
    if (text ? parseDate(text) : clearable) return;
    setKept(value || null);
    setInvalid(DATE_HINT);
    if (value) onChange('');
  };

  return (
    <DateInput
      valueFormat="MM-DD-YYYY"
      placeholder="MM-DD-YYYY"
      dateParser={parseDate}
      value={(invalid ? kept : value) || null}
      onChange={emit}
      onBlur={check}
      clearable={clearable && !readOnly}
      // The × has no name of its own (axe: button-name). Just "Clear": a name holding the field's label
      // ("Clear Start date") would also answer to that label.
      clearButtonProps={{
        'aria-label': 'Clear',
        ...clearButtonProps,
      }}
      allowDeselect={clearable}
      onInput={(e) => setTyped(e.currentTarget.value)}
      fixOnBlur={parseDate(typed) !== null}
      readOnly={readOnly}
      error={invalid ?? error}
      firstDayOfWeek={0}
      popoverProps={{ withinPortal: true }}
      {...rest}
    />
  );
}
