import { Button, Checkbox, Grid, Group, Paper, Select, TextInput } from '@mantine/core';
import { formatMoney, type InvoiceSummary } from '@wd/contracts';
import { MoneyInput, moneyValue } from '../../../../components/MoneyInput';
import { useBillerOptions } from '../../../billers/api';
import type { HeaderChange } from '../../hooks/useInvoiceEditor';
import { CustomerPicker } from '../CustomerPicker';

const FLAGS = [
  ['showSuggestedAnalysis', 'Show suggested analysis'],
  ['showIndividualMargin', 'Show individual margin'],
  ['showDamagedGoods', 'Show damaged goods'],
  ['mergeInvoiceItems', 'Merge invoice items'],
] as const;

/** The invoice header: parties (while NEW), date, paid and due, redemptions, display flags. Each change saves. */
export function HeaderFields({ invoice, save }: { invoice: InvoiceSummary; save(change: HeaderChange): unknown }) {
  const billers = useBillerOptions();
  const isNew = invoice.status === 'NEW';
  return (
    <Paper withBorder p="md" radius="md">
      <Grid>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <TextInput label="Invoice no" value={invoice.invoiceNo} readOnly />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Select
            label="Biller"
            data={(billers.data ?? []).map((b) => ({ value: String(b.id), label: b.company }))}
            value={String(invoice.billerID)}
            disabled={!isNew}
            allowDeselect={false}
            onChange={(v) => v && save({ billerID: Number(v) })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <CustomerPicker
            value={invoice.customerID}
            label={invoice.customer}
            disabled={!isNew}
            onPick={(c) => save({ customerID: c })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <TextInput
            label="Date"
            type="date"
            value={invoice.date}
            onChange={(e) => e.currentTarget.value && save({ date: e.currentTarget.value })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 3 }}>
          <TextInput label="Paid" value={formatMoney(invoice.paid)} readOnly data-testid="invoice-paid" />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 3 }}>
          <TextInput label="Due" value={formatMoney(invoice.balance)} readOnly data-testid="invoice-due" />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 3 }}>
          <MoneyInput
            label="Discount redeemed"
            defaultValue={invoice.headerDiscount}
            key={`d${invoice.headerDiscount}`}
            onBlur={(e) => save({ discountRedeemed: moneyValue(e.currentTarget.value) })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 3 }}>
          <MoneyInput
            label="Award points redeemed"
            defaultValue={invoice.headerAwardPoints}
            key={`p${invoice.headerAwardPoints}`}
            prefix=""
            onBlur={(e) => save({ awardPointsRedeemed: moneyValue(e.currentTarget.value) })}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <Group gap="lg">
            {FLAGS.map(([key, label]) => (
              <Checkbox
                key={key}
                label={label}
                checked={invoice[key] === 1}
                onChange={(e) => save({ [key]: e.currentTarget.checked ? 1 : 0 })}
              />
            ))}
            {invoice.type === 'consignment' && (
              <Button size="compact-sm" variant="default" onClick={() => save({ transferStatus: true })}>
                Transfer Status
              </Button>
            )}
          </Group>
        </Grid.Col>
      </Grid>
    </Paper>
  );
}
