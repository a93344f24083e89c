import { Table, Text } from '@mantine/core';
import type { Settlement } from '@wd/contracts';
import { MoneyInput } from '../../../components/MoneyInput';
import { formatMoney } from '../../../lib/format';
import type { Entries } from '../entries';

const TYPE = { cash: 'Cash (all stores)', cheque: 'Cheque', moneyOrder: 'Money order' } as const;

/** The money to hand in: the day's cash, each cheque and money order; what was handed in; the difference. */
export function MoneyTable({
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
  const cents = (v: number | string) => Math.round(Number(v) * 100);
  return (
    <>
      <Table.ScrollContainer minWidth={720}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Payment</Table.Th>
              <Table.Th>Store</Table.Th>
              <Table.Th>Invoice</Table.Th>
              <Table.Th ta="right">Expected</Table.Th>
              <Table.Th w={150}>Handed in</Table.Th>
              <Table.Th ta="right">Difference</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {s.money.map((m) => {
              const typed = entries.handed[m.key] ?? '';
              const difference = typed === '' ? null : (cents(typed) - cents(m.expected)) / 100;
              const label = `${TYPE[m.paymentType]}${m.chequeNo ? ` #${m.chequeNo}` : ''}`;
              return (
                <Table.Tr key={m.key} data-testid="settlement-money-line">
                  <Table.Td>{label}</Table.Td>
                  <Table.Td>{m.customer}</Table.Td>
                  <Table.Td>{m.invoiceNo}</Table.Td>
                  <Table.Td ta="right" fw={700}>
                    {formatMoney(m.expected)}
                  </Table.Td>
                  <Table.Td>
                    {readOnly ? (
                      <Text size="sm">{m.handedIn === null ? '' : formatMoney(m.handedIn)}</Text>
                    ) : (
                      <MoneyInput
                        aria-label={`Handed in ${label}`}
                        value={typed}
                        onChange={(v) => onChange({ ...entries, handed: { ...entries.handed, [m.key]: v } })}
                      />
                    )}
                  </Table.Td>
                  <Table.Td ta="right" c={difference ? (difference < 0 ? 'red.8' : 'green.8') : undefined}>
                    {difference === null ? '' : `${difference > 0 ? '+' : ''}${formatMoney(difference)}`}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {s.credit > 0 && (
        <Text size="sm" c="dimmed">
          Sold on credit that day (nothing to hand in): {formatMoney(s.credit)}
        </Text>
      )}
    </>
  );
}
