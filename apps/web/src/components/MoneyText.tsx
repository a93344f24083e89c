import { Text, type TextProps } from '@mantine/core';
import { formatDate, formatMoney } from '../lib/format';

/** Dollars as `$1,234.50` / `-$1,234.50`, negatives in red. */
export function MoneyText({ value, ...props }: { value: number | null | undefined } & TextProps) {
  const negative = Number(value ?? 0) < 0;
  return (
    <Text
      component="span"
      inherit
      c={negative ? 'red' : undefined}
      style={{ fontVariantNumeric: 'tabular-nums' }}
      {...props}
    >
      {formatMoney(value)}
    </Text>
  );
}

/** YYYY-MM-DD shown as MM-DD-YYYY. */
export function DateText({ value }: { value: string | null | undefined }) {
  return <span style={{ whiteSpace: 'nowrap' }}>{formatDate(value)}</span>;
}
