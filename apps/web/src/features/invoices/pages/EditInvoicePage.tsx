import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Grid,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { formatMoney, type InvoiceItem, type InvoiceUpdateInput } from '@wd/contracts';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { confirm } from '../../../components/confirm';
import { MoneyInput, moneyValue } from '../../../components/MoneyInput';
import { PageTitle } from '../../../components/PageTitle';
import { showAlert } from '../../../lib/alert';
import { errorMessage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useBillerOptions } from '../../billers/api';
import {
  addInvoiceLine,
  deleteInvoice,
  deleteInvoiceLine,
  updateInvoice,
  updateInvoiceLine,
  useInvoiceItems,
  useInvoiceSummary,
} from '../api';
import { CustomerPicker } from '../components/CustomerPicker';
import { LinesTable } from '../components/LinesTable';
import { PaymentModal, type PaymentTarget } from '../components/PaymentModal';
import { ScanBox } from '../components/ScanBox';
import { StatusBadge } from '../components/StatusBadge';

const FLAGS = [
  ['showSuggestedAnalysis', 'Show suggested analysis'],
  ['showIndividualMargin', 'Show individual margin'],
  ['showDamagedGoods', 'Show damaged goods'],
  ['mergeInvoiceItems', 'Merge invoice items'],
] as const;

/** /invoices/edit/{id}: header, scan box, lines, totals (after NEW), remarks and notes, payments. */
export default function EditInvoicePage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const summary = useInvoiceSummary(id);
  const items = useInvoiceItems(id);
  const billers = useBillerOptions();
  const [paying, setPaying] = useState<PaymentTarget | null>(null);
  const [remarks, setRemarks] = useState('');
  const [notes, setNotes] = useState('');
  const invoice = summary.data?.invoiceSummary;
  const totals = summary.data?.invoiceTotals;

  useEffect(() => {
    if (summary.isError) {
      showAlert(errorMessage(summary.error));
      navigate('/invoices', { replace: true });
    }
  }, [summary.isError, summary.error, navigate]);
  const savedRemarks = invoice?.remarks;
  const savedNotes = invoice?.notes;
  useEffect(() => {
    if (savedRemarks !== undefined) setRemarks(savedRemarks);
    if (savedNotes !== undefined) setNotes(savedNotes);
  }, [savedRemarks, savedNotes]);

  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.invoice(id) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.invoiceItems(id) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.invoices }),
    ]);
  };
  const save = async (change: Omit<InvoiceUpdateInput, 'id'>) => {
    try {
      await updateInvoice({ id: Number(id), ...change });
    } catch (error) {
      showAlert(errorMessage(error));
    }
    await refresh();
  };
  const changeLine = async (
    line: InvoiceItem,
    change: { quantity?: number; damagedGood?: boolean; sellingPrice?: number; suggestedRetailPrice?: number },
  ) => {
    try {
      await updateInvoiceLine({
        id: line.id,
        invoiceID: Number(id),
        quantity: change.quantity ?? line.quantity,
        ...change,
      });
    } catch (error) {
      showAlert(errorMessage(error));
    }
    await refresh();
  };

  if (!invoice || !totals) {
    return (
      <Group justify="center" py="xl">
        <Loader aria-label="Loading" />
      </Group>
    );
  }
  const isNew = invoice.status === 'NEW';

  return (
    <Stack gap="md">
      <PageTitle
        title={
          <Group gap="sm">
            <span>{invoice.invoiceNo}</span>
            <StatusBadge status={invoice.status} />
            {invoice.type === 'consignment' && <Badge variant="outline">Consignment {invoice.consignmentStatus}</Badge>}
          </Group>
        }
      >
        <Button variant="default" component={Link} to="/invoices">
          Back
        </Button>
        {isNew && (
          <Button
            onClick={() => save({ status: 'DUE' })}
            disabled={(items.data ?? []).length === 0}
            data-testid="submit-invoice"
          >
            Submit
          </Button>
        )}
        <Button
          variant="light"
          onClick={() =>
            setPaying({
              id: invoice.id,
              invoiceNo: invoice.invoiceNo,
              total: invoice.total,
              balance: invoice.balance,
              billerID: invoice.billerID,
            })
          }
        >
          Add Payment
        </Button>
        <Button variant="light" component={Link} to={`/payment/invoice/${invoice.id}`}>
          View Payments
        </Button>
        <Button
          color="red"
          variant="light"
          onClick={async () => {
            if (
              !(await confirm({
                title: 'Are you sure you want to delete?',
                message: `${invoice.invoiceNo}, its lines and its payments`,
              }))
            )
              return;
            try {
              await deleteInvoice(invoice.id);
              await queryClient.invalidateQueries({ queryKey: queryKeys.invoices });
              navigate('/invoices');
            } catch (error) {
              showAlert(errorMessage(error));
            }
          }}
        >
          Delete
        </Button>
      </PageTitle>

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

      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <ScanBox
            onAdd={async (lookup) => {
              await addInvoiceLine(invoice.id, lookup);
              await refresh();
            }}
          />
          {items.isError ? (
            <Alert color="red">{errorMessage(items.error)}</Alert>
          ) : (
            <LinesTable
              lines={items.data ?? []}
              onChange={changeLine}
              onDelete={async (l) => {
                try {
                  await deleteInvoiceLine(l.id);
                } catch (error) {
                  showAlert(errorMessage(error));
                }
                await refresh();
              }}
            />
          )}
          {!isNew && (
            <Table withTableBorder fz="sm" maw={420} ml="auto" data-testid="invoice-totals">
              <Table.Tbody>
                {[
                  ['Total', totals.total],
                  ['Credit', totals.amountCredited],
                  ['Discount', totals.discountRedeemed],
                  ['Paid', totals.paid],
                  ['Balance', totals.balance],
                ].map(([label, value]) => (
                  <Table.Tr key={label as string}>
                    <Table.Td>{label}</Table.Td>
                    <Table.Td style={{ textAlign: 'right', fontWeight: label === 'Balance' ? 700 : undefined }}>
                      {formatMoney(value as number)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {isNew && (
            <Text fz="sm" c="dimmed">
              Totals show once the invoice is submitted. Lines: {(items.data ?? []).length}.
            </Text>
          )}
        </Stack>
      </Paper>

      <Grid>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Textarea
            label="Remarks"
            autosize
            minRows={2}
            value={remarks}
            onChange={(e) => setRemarks(e.currentTarget.value)}
            onBlur={() => remarks !== invoice.remarks && save({ remarks })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Textarea
            label="Notes for customer"
            autosize
            minRows={2}
            value={notes}
            onChange={(e) => setNotes(e.currentTarget.value)}
            onBlur={() => notes !== invoice.notes && save({ notes })}
          />
        </Grid.Col>
      </Grid>
      <PaymentModal
        target={paying}
        onClose={() => {
          setPaying(null);
          void refresh();
        }}
      />
    </Stack>
  );
}
