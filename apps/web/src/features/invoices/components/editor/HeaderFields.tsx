import { Button, Checkbox, Grid, Group, Paper, Stack, Text } from '@mantine/core';
import { formatMoney, type InvoiceSummary } from '@wd/contracts';
import { memo, type ReactNode, useMemo } from 'react';
import { DateField } from '../../../../components/DateField';
import { MoneyInput, moneyValue } from '../../../../components/MoneyInput';
import { StatusBadge } from '../../../../components/StatusBadge';
import { TypeSelect } from '../../../../components/TypeSelect';
import { useBillerOptions } from '../../../billers/api';
import { CustomerCreditLine } from '../../../receivables/credit';
import type { HeaderChange } from '../../hooks/useInvoiceEditor';
import { CustomerPicker } from '../CustomerPicker';
import { focusScanBox } from '../ScanBox';

const FLAGS = [
  ['showSuggestedAnalysis', 'Show suggested analysis'],
  ['showIndividualMargin', 'Show individual margin'],
  ['showDamagedGoods', 'Show damaged goods'],
  ['mergeInvoiceItems', 'Merge invoice items'],
] as const;

/** A value the user cannot change, shown as text under its label (not as an input). */
function Fact({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Text component="div" size="sm" data-testid={testId}>
        {children}
      </Text>
    </Stack>
  );
}

/**
 * The invoice header : number, type, status and
 * consignment status, paid and due (not while NEW) as text; parties (while
 * NEW), date, redemptions and display flags as inputs. Each change saves.
 */
export const HeaderFields = memo(
  HeaderFieldsView,
  (a, b) => a.save === b.save && a.onCustomerChanged === b.onCustomerChanged && sameHeader(a.invoice, b.invoice),
);

/** The invoice's fields the header shows: a scan changes others (totals), so the header does not render again. */
const SHOWN = [
  'id',
  'invoiceNo',
  'type',
  'status',
  'consignmentStatus',
  'paid',
  'balance',
  'billerID',
  'customerID',
  'customer',
  'date',
  'headerDiscount',
  'headerAwardPoints',
  ...FLAGS.map(([key]) => key),
] as const satisfies readonly (keyof InvoiceSummary)[];
const sameHeader = (a: InvoiceSummary, b: InvoiceSummary) => SHOWN.every((key) => a[key] === b[key]);

interface HeaderFieldsProps {
  invoice: InvoiceSummary;
  /** Saves a change; false when it was refused or declined. */
  save(change: HeaderChange): Promise<boolean>;
  /** After the customer changed (the lines may want the new customer's prices). */
  onCustomerChanged?(): void;
}

function HeaderFieldsView({ invoice, save, onCustomerChanged }: HeaderFieldsProps) {
  const billers = useBillerOptions();
  const billerOptions = useMemo(
    () => (billers.data ?? []).map((b) => ({ value: String(b.id), label: b.company })),
    [billers.data],
  );
  const isNew = invoice.status === 'NEW';
  return (
    <Paper withBorder p="md" radius="md">
      <Group gap="xl" mb="md" data-testid="invoice-facts">
        <Fact label="Invoice no" testId="invoice-no">
          {invoice.invoiceNo}
        </Fact>
        <Fact label="Type" testId="invoice-type">
          {invoice.type === 'consignment' ? 'Consignment' : 'Invoice'}
        </Fact>
        <Fact label="Status" testId="invoice-status">
          <StatusBadge status={invoice.status} />
        </Fact>
        {invoice.type === 'consignment' && (
          <Fact label="Consignment status" testId="invoice-consignment-status">
            <StatusBadge status={invoice.consignmentStatus} />
          </Fact>
        )}
        <Fact label="Paid" testId="invoice-paid">
          {formatMoney(invoice.paid)}
        </Fact>
        {/* While NEW the totals are hidden, so is what is due. */}
        {!isNew && (
          <Fact label="Due" testId="invoice-due">
            {formatMoney(invoice.balance)}
          </Fact>
        )}
      </Group>
      <Grid columns={10}>
        <Grid.Col span={{ base: 10, sm: 5, md: 2 }}>
          <TypeSelect
            label="Biller"
            data={billerOptions}
            value={String(invoice.billerID)}
            disabled={!isNew}
            allowDeselect={false}
            onChange={(v) => {
              if (!v || v === String(invoice.billerID)) return;
              save({ billerID: Number(v) });
              focusScanBox();
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 10, sm: 5, md: 2 }}>
          <CustomerPicker
            value={invoice.customerID}
            label={invoice.customer}
            disabled={!isNew}
            onPick={async (c) => {
              focusScanBox();
              if (await save({ customerID: c })) onCustomerChanged?.();
            }}
          />
          {/* The figures follow the invoice's own status and balance (docs/receivables.md, "Credit limit"). */}
          <CustomerCreditLine customerID={invoice.customerID} version={`${invoice.status}:${invoice.balance}`} />
        </Grid.Col>
        <Grid.Col span={{ base: 10, sm: 5, md: 2 }}>
          <DateField label="Date" value={invoice.date} onChange={(date) => date && save({ date })} />
        </Grid.Col>
        <Grid.Col span={{ base: 5, md: 2 }}>
          <MoneyInput
            label="Discount redeemed"
            defaultValue={invoice.headerDiscount}
            key={`d${invoice.headerDiscount}`}
            onBlur={(e) => save({ discountRedeemed: moneyValue(e.currentTarget.value) })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 5, md: 2 }}>
          <MoneyInput
            label="Award points redeemed"
            defaultValue={invoice.headerAwardPoints}
            key={`p${invoice.headerAwardPoints}`}
            prefix=""
            onBlur={(e) => save({ awardPointsRedeemed: moneyValue(e.currentTarget.value) })}
          />
        </Grid.Col>
        <Grid.Col span={10}>
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
