import { NumberInput, type NumberInputProps } from '@mantine/core';
import { toCents, toDollars } from '@wd/contracts';

/** A dollar amount: $ prefix, two decimals, step 0.01, thousands separators. */
export function MoneyInput(props: NumberInputProps) {
  return (
    <NumberInput
      prefix="$"
      decimalScale={2}
      fixedDecimalScale
      step={0.01}
      min={0}
      thousandSeparator=","
      allowNegative={false}
      hideControls
      {...props}
    />
  );
}

/** What a money input holds (number | string; '' means empty) as whole cents, by the contracts' rounding. */
export function moneyCents(value: unknown): number {
  const n = typeof value === 'number' ? value : Number.parseFloat(String(value ?? '').replace(/[$,]/g, ''));
  return Number.isFinite(n) ? toCents(n) : 0;
}

/** What a money input holds as dollars of whole cents, as the wire takes them. */
export const moneyValue = (value: unknown): number => toDollars(moneyCents(value));
