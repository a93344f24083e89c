import { Text } from '@mantine/core';
import { formatMoney } from '../../../lib/format';

/** An over (+, green) or short (−, red) amount; even is plain. */
export function OverShort({ value, testId }: { value: number; testId?: string }) {
  const color = value < 0 ? 'red.8' : value > 0 ? 'green.8' : undefined;
  const label = value < 0 ? 'short' : value > 0 ? 'over' : 'even';
  return (
    <Text span size="sm" fw={value === 0 ? undefined : 700} c={color} data-testid={testId}>
      {value > 0 ? '+' : ''}
      {formatMoney(value)}{' '}
      <Text span size="xs">
        {label}
      </Text>
    </Text>
  );
}
