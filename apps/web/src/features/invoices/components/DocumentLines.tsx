import { Table, Text } from '@mantine/core';
import { formatMoney, formatPercent, type InvoiceItem, lineMarginPercent } from '@wd/contracts';

/** The lines as the customer reads them; the margin column when the invoice shows it. */
export function DocumentLines({ lines, margin }: { lines: InvoiceItem[]; margin: boolean }) {
  return (
    <Table mt="md" striped withTableBorder fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>No</Table.Th>
          <Table.Th>Qty</Table.Th>
          <Table.Th>Description</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>Unit Price</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>Retail</Table.Th>
          {margin && <Table.Th style={{ textAlign: 'right' }}>Margin %</Table.Th>}
          <Table.Th style={{ textAlign: 'right' }}>Subtotal</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((l, i) => (
          <Table.Tr key={l.id}>
            <Table.Td>{i + 1}</Table.Td>
            <Table.Td>{l.quantity}</Table.Td>
            <Table.Td>
              {l.productName}
              {l.damagedGood ? ' (damaged)' : ''}
              <Text fz="xs" c="dimmed">
                {l.barcode}
              </Text>
            </Table.Td>
            <Table.Td style={{ textAlign: 'right' }}>{formatMoney(l.sellingPrice)}</Table.Td>
            <Table.Td style={{ textAlign: 'right' }}>{formatMoney(l.suggestedRetailPrice)}</Table.Td>
            {margin && (
              <Table.Td style={{ textAlign: 'right' }}>
                {formatPercent(lineMarginPercent(l.sellingPrice, l.suggestedRetailPrice))}
              </Table.Td>
            )}
            <Table.Td style={{ textAlign: 'right' }}>{formatMoney(l.subtotal)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
