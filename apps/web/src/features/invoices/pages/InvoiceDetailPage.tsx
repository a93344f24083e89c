import { Button, Divider, Grid, Group, Image, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { formatDate, formatMoney, formatPercent, lineMarginPercent } from '@wd/contracts';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { confirm } from '../../../components/confirm';
import { showAlert } from '../../../lib/alert';
import { errorMessage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { deleteInvoice, useInvoiceItems, useInvoiceSummary } from '../api';
import { StatusBadge } from '../components/StatusBadge';

/** /invoices/{id}: the invoice as the customer sees it, read-only. */
export default function InvoiceDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const summary = useInvoiceSummary(id);
  const items = useInvoiceItems(id);

  useEffect(() => {
    if (summary.isError) {
      showAlert(errorMessage(summary.error));
      navigate('/invoices', { replace: true });
    }
  }, [summary.isError, summary.error, navigate]);

  const invoice = summary.data?.invoiceSummary;
  const totals = summary.data?.invoiceTotals;
  if (!invoice || !totals) {
    return (
      <Group justify="center" py="xl">
        <Loader aria-label="Loading" />
      </Group>
    );
  }
  const lines = items.data ?? [];
  const suggested = invoice.showSuggestedAnalysis === 1;
  const margin = invoice.showIndividualMargin === 1;
  const rows: [string, number][] = [
    ['Total Amount', totals.total],
    ['Total Credit', totals.amountCredited],
    ['Redeemed Discount Value', totals.discountRedeemed],
    ['Total Paid', totals.paid],
    ['Total Balance', totals.balance],
  ];

  return (
    <Stack gap="md" maw={1000}>
      <Group justify="space-between">
        <Group gap="sm">
          <Title order={2}>{invoice.invoiceNo}</Title>
          <StatusBadge status={invoice.status} />
        </Group>
        <Group gap="xs">
          <Button variant="default" component={Link} to="/invoices/">
            Back
          </Button>
          <Button component={Link} to={`/invoices/edit/${invoice.id}`}>
            Edit
          </Button>
          <Button
            color="red"
            variant="light"
            onClick={async () => {
              if (!(await confirm({ title: 'Are you sure you want to delete?', message: invoice.invoiceNo }))) return;
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
        </Group>
      </Group>
      <Paper withBorder p="lg" radius="md">
        <Grid>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            {invoice.billerLogo && (
              <Image src={invoice.billerLogo} alt={`${invoice.biller} logo`} h={60} w="auto" fit="contain" mb="xs" />
            )}
            <Text fw={700}>{invoice.biller}</Text>
            <Text fz="sm">{invoice.fullBillerAddress}</Text>
            <Text fz="sm">{invoice.billerPhone}</Text>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }} style={{ textAlign: 'right' }}>
            <Text>
              Date: <b>{formatDate(invoice.date)}</b>
            </Text>
            <Text>
              Reference: <b>{invoice.invoiceNo.replace('Invoice/', '')}</b>
            </Text>
            <Text>
              Type: {invoice.type === 'consignment' ? `Consignment (${invoice.consignmentStatus})` : 'Invoice'}
            </Text>
          </Grid.Col>
          <Grid.Col span={12}>
            <Divider my="xs" />
            <Text fz="sm" c="dimmed">
              To
            </Text>
            <Text fw={700}>{invoice.customer}</Text>
            <Text fz="sm">{invoice.fullCustomerAddress}</Text>
            <Text fz="sm">{[invoice.customerPhone, invoice.customerEmail].filter(Boolean).join(' · ')}</Text>
          </Grid.Col>
        </Grid>
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
        <Table mt="md" withTableBorder fz="sm" maw={380} ml="auto">
          <Table.Tbody>
            {rows
              .filter(([label, value]) => label !== 'Redeemed Discount Value' || value !== 0)
              .map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Td>{label}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{formatMoney(value)}</Table.Td>
                </Table.Tr>
              ))}
            {suggested && (
              <>
                <Table.Tr>
                  <Table.Td>Total Sugg</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{formatMoney(totals.totalSuggested)}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Td>Sugg Credit</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{formatMoney(totals.suggestedCredited)}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Td>Sugg Balance</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{formatMoney(totals.suggestedBalance)}</Table.Td>
                </Table.Tr>
              </>
            )}
          </Table.Tbody>
        </Table>
        {invoice.notes && (
          <>
            <Text fw={700} mt="md">
              Notes For Customer
            </Text>
            <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {invoice.notes}
            </Text>
          </>
        )}
      </Paper>
    </Stack>
  );
}
