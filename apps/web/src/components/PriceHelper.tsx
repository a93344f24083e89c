import { Button, Group, NumberInput, SegmentedControl, Text } from '@mantine/core';
import { formatPercent, percentOf, QUICK_PERCENTS, type SuggestMode, suggestPrice } from '@wd/contracts';
import { useState } from 'react';

interface PriceHelperProps {
  /** What the price is computed from (the cost, or the selling price for the retail helper). */
  base: number;
  baseLabel: string;
  /** The current price, to show its percentage. */
  price: number;
  onPrice(price: number): void;
  disabled?: boolean;
}

/**
 * The price suggestor: margin or markup over the base, a percentage, and the
 * quick percents 35, 40, 42, 45. Zero base or zero percent suggests nothing.
 */
export function PriceHelper({ base, baseLabel, price, onPrice, disabled }: PriceHelperProps) {
  const [mode, setMode] = useState<SuggestMode>('margin');
  const [percent, setPercent] = useState<number | string>('');
  const apply = (p: number) => {
    const suggested = suggestPrice(base, p, mode);
    if (suggested !== null) onPrice(suggested);
  };
  const current = percentOf(base, price, mode);
  return (
    <Group gap="xs" wrap="wrap" align="center">
      <SegmentedControl
        size="xs"
        value={mode}
        onChange={(v) => setMode(v as SuggestMode)}
        data={[
          { value: 'margin', label: 'Margin' },
          { value: 'markup', label: 'Markup' },
        ]}
        disabled={disabled}
      />
      <NumberInput
        size="xs"
        w={80}
        suffix="%"
        placeholder="%"
        aria-label={`${mode === 'margin' ? 'Margin' : 'Markup'} percent over ${baseLabel}`}
        value={percent}
        decimalScale={2}
        min={0}
        onChange={(v) => {
          setPercent(v);
          if (typeof v === 'number') apply(v);
        }}
        disabled={disabled || !base}
      />
      {QUICK_PERCENTS.map((p) => (
        <Button
          key={p}
          size="compact-xs"
          variant="light"
          onClick={() => {
            setPercent(p);
            apply(p);
          }}
          disabled={disabled || !base}
        >
          {p}%
        </Button>
      ))}
      <Text fz="xs" c="dimmed">
        {base ? `${formatPercent(current)} ${mode} over ${baseLabel}` : `Enter the ${baseLabel} first`}
      </Text>
    </Group>
  );
}
