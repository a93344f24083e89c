import { Button, Group, NumberInput, Table, Text } from '@mantine/core';
import type { Settlement } from '@wd/contracts';
import { formatMoney } from '../../../lib/format';
import type { Entries } from '../entries';

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** The truck's sheet: where each product's expected quantity comes from, the count, the difference at cost. */
export function StockTable({
  s,
  entries,
  onChange,
  readOnly,
}: {
  s: Settlement;
  entries: Entries;
  onChange(e: Entries): void;
  readOnly: boolean;
}) {
  if (s.stock.length === 0) return <Text c="dimmed">Nothing was on this truck.</Text>;
  const setCount = (productID: number, value: number | string) =>
    onChange({ ...entries, counts: { ...entries.counts, [productID]: value } });
  return (
    <>
      {!readOnly && (
        <Group>
          <Button
            variant="default"
            size="xs"
            onClick={() =>
              onChange({
                ...entries,
                counts: Object.fromEntries(
                  s.stock.map((l) => [
                    l.productID,
                    entries.counts[l.productID] === '' ? l.expected : entries.counts[l.productID],
                  ]),
                ),
              })
            }
          >
            Fill the rest with the expected quantities
          </Button>
          <Text size="xs" c="dimmed">
            then change the ones that differ
          </Text>
        </Group>
      )}
      <Table.ScrollContainer minWidth={820}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Product</Table.Th>
              <Table.Th ta="right">Carried</Table.Th>
              <Table.Th ta="right">Loaded</Table.Th>
              <Table.Th ta="right">Sold</Table.Th>
              <Table.Th ta="right">Returned</Table.Th>
              <Table.Th ta="right">Adjusted</Table.Th>
              <Table.Th ta="right">Expected</Table.Th>
              <Table.Th w={120}>Counted</Table.Th>
              <Table.Th ta="right">Difference</Table.Th>
              <Table.Th ta="right">At cost</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {s.stock.map((l) => {
              const typed = entries.counts[l.productID] ?? '';
              const difference = typed === '' ? null : Number(typed) - l.expected;
              return (
                <Table.Tr key={l.productID} data-testid="settlement-stock-line">
                  <Table.Td>
                    <Text size="sm">{l.product}</Text>
                    <Text size="xs" c="dimmed">
                      {l.barcode} · {formatMoney(l.cost)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{l.carried}</Table.Td>
                  <Table.Td ta="right">{l.loaded}</Table.Td>
                  <Table.Td ta="right">{l.sold}</Table.Td>
                  <Table.Td ta="right">{l.returned}</Table.Td>
                  <Table.Td ta="right">{signed(l.adjusted)}</Table.Td>
                  <Table.Td ta="right" fw={700}>
                    {l.expected}
                  </Table.Td>
                  <Table.Td>
                    {readOnly ? (
                      <Text size="sm">{l.counted}</Text>
                    ) : (
                      <NumberInput
                        aria-label={`Counted ${l.product}`}
                        min={0}
                        max={1_000_000}
                        allowDecimal={false}
                        allowNegative={false}
                        value={typed}
                        onChange={(v) => setCount(l.productID, v)}
                      />
                    )}
                  </Table.Td>
                  <Table.Td ta="right" c={difference ? (difference < 0 ? 'red.8' : 'green.8') : undefined}>
                    {difference === null ? '' : signed(difference)}
                  </Table.Td>
                  <Table.Td ta="right">
                    {difference === null ? '' : formatMoney((Math.round(l.cost * 100) * difference) / 100)}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
