import { Box, Group, Table, Text, Title } from '@mantine/core';
import { formatDate, type LoadSheet, PRODUCT_NAME } from '@wd/contracts';
import { printCss } from '../../reports/components/ReportPrint';
import type { LoadLine } from '../load-sheet';
import { loadUnits } from '../load-sheet';

/**
 * The printed load sheet (print CSS on the same page): the route, truck, driver and day, one
 * row per product loaded with a box to tick as it goes on the truck, and the signatures of who
 * loaded and who checked. Lines with nothing to load are left off the paper.
 */
const PRINT_CSS = printCss('load-sheet-screen', 'load-sheet-print', 'portrait');

export function LoadSheetPrint({ sheet, lines }: { sheet: LoadSheet; lines: LoadLine[] }) {
  const loading = lines.filter((l) => l.load > 0);
  return (
    <>
      <style>{PRINT_CSS}</style>
      <Box className="load-sheet-print" data-testid="load-sheet-print">
        <Text fz="xs" c="dimmed">
          {PRODUCT_NAME}
        </Text>
        <Title order={2} mb={4}>
          Load sheet · {sheet.truck}
        </Title>
        <Text fz="sm">
          {sheet.route} · driver {sheet.driver} · {formatDate(sheet.date)} ·{' '}
          {sheet.stops.map((s) => s.company).join(', ') || 'no stops'}
        </Text>
        <Text fz="xs" c="dimmed" mb="sm">
          {loading.length} products, {loadUnits(lines).toLocaleString('en-US')} units · printed{' '}
          {new Date().toLocaleString('en-US')}
        </Text>
        <Table withTableBorder withColumnBorders>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Product</Table.Th>
              <Table.Th>Barcode</Table.Th>
              <Table.Th ta="right">On truck</Table.Th>
              <Table.Th ta="right">Load</Table.Th>
              <Table.Th w={100}>Loaded ✓</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loading.map((l) => (
              <Table.Tr key={l.productID}>
                <Table.Td>{l.product}</Table.Td>
                <Table.Td>{l.barcode}</Table.Td>
                <Table.Td ta="right">{l.onTruck.toLocaleString('en-US')}</Table.Td>
                <Table.Td ta="right" fw={700}>
                  {l.load.toLocaleString('en-US')}
                </Table.Td>
                <Table.Td />
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group mt={40} gap={80}>
          <Text fz="sm">Loaded by: ______________________</Text>
          <Text fz="sm">Checked by: ______________________</Text>
        </Group>
      </Box>
    </>
  );
}
