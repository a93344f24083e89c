import { NumberInput, type NumberInputProps } from '@mantine/core';

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

/** Mantine NumberInput values are number | string; '' means empty. */
export function moneyValue(value: unknown): number {
  const n = typeof value === 'number' ? value : Number.parseFloat(String(value ?? '').replace(/[$,]/g, ''));
  return Number.isFinite(n) ? Math.round(n * 100) / 100 : 0;
}
