import { Button, Card, Group, NumberInput, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { type Settlement, type SettlementAdjustInput, settlementAdjustBody } from '@wd/contracts';
import { showSuccess } from '../../../lib/alert';
import { useContractForm, useFormSubmit } from '../../../lib/form';
import { formatMoney, formatTimestamp } from '../../../lib/format';
import { useAdjustSettlement } from '../api';

interface Values extends Record<string, unknown> {
  amount: number | string;
  note: string;
}

/** A closed settlement's corrections: each an amount over (+) or short (−) with its reason, audited. */
export function AdjustmentsCard({ s }: { s: Settlement }) {
  const adjust = useAdjustSettlement();
  const form = useContractForm<Values, SettlementAdjustInput>({
    initialValues: { amount: '', note: '' },
    schema: settlementAdjustBody,
    toBody: (v) => ({ amount: v.amount === '' ? 0 : Number(v.amount), note: v.note }),
  });
  const submit = useFormSubmit(form, async () => {
    await adjust.mutateAsync({ id: s.id, ...form.body() });
    showSuccess('Adjustment added');
    form.reset();
  });
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={3} size="h4">
          Adjustments
        </Title>
        {s.adjustments.length === 0 ? (
          <Text size="sm" c="dimmed">
            None. A correction after closing is added here: the closed figures stay as they were.
          </Text>
        ) : (
          <Table>
            <Table.Tbody>
              {s.adjustments.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>{formatTimestamp(a.createdAt)}</Table.Td>
                  <Table.Td>{a.user}</Table.Td>
                  <Table.Td>{a.note}</Table.Td>
                  <Table.Td ta="right">{`${a.amount > 0 ? '+' : ''}${formatMoney(a.amount)}`}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <form onSubmit={submit.onSubmit} noValidate>
          <Group align="flex-start">
            <NumberInput
              label="Amount"
              description="+ over, − short"
              prefix="$"
              decimalScale={2}
              w={150}
              {...form.getInputProps('amount')}
            />
            <TextInput
              label="Reason"
              withAsterisk
              maxLength={500}
              style={{ flex: 1 }}
              {...form.getInputProps('note')}
            />
            <Button type="submit" mt={24} loading={adjust.isPending}>
              Add adjustment
            </Button>
          </Group>
          {submit.error && (
            <Text c="red" role="alert">
              {submit.error}
            </Text>
          )}
        </form>
      </Stack>
    </Card>
  );
}
