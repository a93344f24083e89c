import { ActionIcon, Group, NumberInput, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { Product } from '@wd/contracts';
import { useState } from 'react';
import { MoneyInput, moneyValue } from '../../../components/MoneyInput';
import { formatMoney } from '../../../lib/format';
import { ProductPicker } from '../../products/components/ProductPicker';

export interface StockLine {
  productID: number;
  name: string;
  barcode: string;
  quantity: number | string;
  /** Cost per unit, dollars (receiving only). */
  cost?: number | string;
}

/** A line's quantity × cost in dollars, summed in cents. */
export const lineCost = (l: StockLine) => (Math.round(moneyValue(l.cost ?? 0) * 100) * (Number(l.quantity) || 0)) / 100;

/** The lines' total cost in dollars (in cents, then back). */
export const linesCost = (lines: StockLine[]) =>
  lines.reduce((cents, l) => cents + Math.round(lineCost(l) * 100), 0) / 100;

export interface StockLinesValues extends Record<string, unknown> {
  lines: StockLine[];
}

/**
 * The products of a count, a transfer or a receiving: picked by name or barcode (a scanner types
 * the barcode and Enter into the box), each with its quantity, and with `withCost` its cost per
 * unit (the product's cost to start with) and subtotal. Picking a product already listed adds one
 * to its line.
 */
export function StockLines<V extends StockLinesValues>({
  form,
  quantityLabel,
  withCost = false,
  readOnly = false,
}: {
  form: UseFormReturnType<V>;
  quantityLabel: string;
  withCost?: boolean;
  readOnly?: boolean;
}) {
  const [picked, setPicked] = useState<Product | null>(null);
  const lines = form.getValues().lines;
  const add = (p: Product | null) => {
    if (!p) return;
    const at = lines.findIndex((l) => l.productID === p.id);
    if (at >= 0) {
      form.setFieldValue(`lines.${at}.quantity` as never, (Number(lines[at].quantity) + 1) as never);
    } else {
      const line: StockLine = { productID: p.id, name: p.name, barcode: p.barcode, quantity: 1 };
      if (withCost) line.cost = p.costPrice;
      form.insertListItem('lines', line as never);
    }
    // The box empties for the next product.
    setPicked(null);
  };
  const linesError = form.errors.lines;
  return (
    <Stack gap="xs">
      {!readOnly && <ProductPicker label="Add a product" value={picked} onChange={add} pickOnEnter />}
      {lines.length === 0 ? (
        <Text size="sm" c={linesError ? 'red' : 'dimmed'}>
          {linesError ?? 'No products yet: pick the first one.'}
        </Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Product</Table.Th>
              <Table.Th w={130}>{quantityLabel}</Table.Th>
              {withCost && <Table.Th w={140}>Cost</Table.Th>}
              {withCost && <Table.Th ta="right">Subtotal</Table.Th>}
              {!readOnly && (
                <Table.Th w={40}>
                  <VisuallyHidden>Remove</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line, i) => (
              <Table.Tr key={line.productID}>
                <Table.Td>
                  <Text size="sm">{line.name}</Text>
                  <Text size="xs" c="dimmed">
                    {line.barcode}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <NumberInput
                    aria-label={`${quantityLabel} of ${line.name}`}
                    min={0}
                    max={1_000_000}
                    allowDecimal={false}
                    allowNegative={false}
                    readOnly={readOnly}
                    {...form.getInputProps(`lines.${i}.quantity`)}
                  />
                </Table.Td>
                {withCost && (
                  <Table.Td>
                    <MoneyInput
                      aria-label={`Cost of ${line.name}`}
                      readOnly={readOnly}
                      {...form.getInputProps(`lines.${i}.cost`)}
                    />
                  </Table.Td>
                )}
                {withCost && (
                  <Table.Td ta="right" data-testid="line-subtotal">
                    {formatMoney(lineCost(line))}
                  </Table.Td>
                )}
                {!readOnly && (
                  <Table.Td>
                    <Group justify="flex-end">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${line.name}`}
                        onClick={() => form.removeListItem('lines', i)}
                      >
                        ✕
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
