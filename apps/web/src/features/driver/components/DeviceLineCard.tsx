import { ActionIcon, Card, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { formatMoney } from '@wd/contracts';
import { memo } from 'react';
import type { DeviceLine } from '../db';
import { lineAmount } from '../pricing';

export interface LineCardProps {
  index: number;
  line: DeviceLine;
  readOnly: boolean;
  /** A change of the line as it is stored when the change lands (a scan may have grown it meanwhile). */
  onChange(index: number, change: (current: DeviceLine) => DeviceLine): void;
  onRemove(index: number): void;
}

/** Equal when the line shows the same: storage answers new objects on every change, so fields are compared. */
function sameLine(a: LineCardProps, b: LineCardProps) {
  const keys = Object.keys(a.line) as (keyof DeviceLine)[];
  return (
    a.index === b.index &&
    a.readOnly === b.readOnly &&
    a.onChange === b.onChange &&
    a.onRemove === b.onRemove &&
    keys.length === Object.keys(b.line).length &&
    keys.every((k) => a.line[k] === b.line[k])
  );
}

/**
 * One line of the invoice. Drawn again only when that line changes, so a scan on a 200-line
 * invoice draws one card, not 200.
 */
export const LineCard = memo(function LineCard({
  index,
  line,
  readOnly,
  onChange: change,
  onRemove: remove,
}: LineCardProps) {
  const onChange = (c: (current: DeviceLine) => DeviceLine) => change(index, c);
  const onRemove = () => remove(index);
  const isReturn = line.quantity < 0;
  const qty = Math.abs(line.quantity);
  /** Sets the quantity from the stored one, keeping the line a sale or a return. */
  const setQty = (next: (current: number) => number) =>
    onChange((l) => {
      const q = next(Math.abs(l.quantity));
      return q < 1 || q > 100_000 ? l : { ...l, quantity: l.quantity < 0 ? -q : q };
    });
  return (
    <Card withBorder padding="sm" radius="md" data-testid="device-line">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600} truncate="end">
            {line.productName}
          </Text>
          <Text size="sm" c="dimmed">
            {formatMoney(line.sellingPrice)} each
            {isReturn ? (line.damaged ? ' · returned damaged' : ' · returned') : ''}
          </Text>
        </Stack>
        <Text fw={700} style={{ whiteSpace: 'nowrap' }} c={isReturn ? 'red' : undefined}>
          {formatMoney(lineAmount(line))}
        </Text>
      </Group>
      {!readOnly && (
        <Group justify="space-between" mt={6} gap="xs">
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              size="xl"
              variant="default"
              aria-label={`One less ${line.productName}`}
              onClick={() => setQty((q) => q - 1)}
              disabled={qty <= 1}
            >
              −
            </ActionIcon>
            <TextInput
              aria-label={`Quantity of ${line.productName}`}
              value={String(qty)}
              onChange={(e) => {
                const n = Number(e.currentTarget.value);
                if (Number.isInteger(n) && n >= 1 && n <= 100_000) setQty(() => n);
              }}
              inputMode="numeric"
              w={64}
              size="md"
              styles={{ input: { textAlign: 'center' } }}
            />
            <ActionIcon
              size="xl"
              variant="default"
              aria-label={`One more ${line.productName}`}
              onClick={() => setQty((q) => q + 1)}
            >
              +
            </ActionIcon>
          </Group>
          <ActionIcon
            size="xl"
            variant="subtle"
            color="red"
            aria-label={`Remove ${line.productName}`}
            onClick={onRemove}
          >
            ✕
          </ActionIcon>
          <Group gap="md" w="100%">
            <Checkbox
              label="Return"
              size="md"
              checked={isReturn}
              onChange={(e) => {
                const returned = e.currentTarget.checked;
                onChange((l) => ({
                  ...l,
                  quantity: returned ? -Math.abs(l.quantity) : Math.abs(l.quantity),
                  damaged: returned && l.damaged,
                }));
              }}
            />
            {isReturn && (
              <Checkbox
                label="Damaged"
                size="md"
                checked={line.damaged}
                onChange={(e) => {
                  const damaged = e.currentTarget.checked;
                  onChange((l) => ({ ...l, damaged }));
                }}
              />
            )}
          </Group>
        </Group>
      )}
      {readOnly && <Text size="sm">Quantity {line.quantity}</Text>}
    </Card>
  );
}, sameLine);
