import { Button, Divider, Grid, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '@wd/contracts';
import { Link } from 'react-router';
import { StatusBadge } from '../../../components/StatusBadge';
import { useIdParam } from '../../../lib/route-params';
import { HistoryLink } from '../../audit/HistoryLink';
import { useInvoiceDocument } from '../../invoice-documents/api';
import { DocumentMenus, LastSent } from '../../invoice-documents/components/DocumentMenus';
import { ProofOfDelivery } from '../../invoice-documents/components/ProofOfDelivery';
import { DeleteInvoiceButton } from '../components/DeleteInvoiceButton';
import { DocumentLines } from '../components/DocumentLines';
import { InvoiceLoader } from '../components/InvoiceLoader';
import { InvoiceTotalsTable } from '../components/InvoiceTotalsTable';
import { useCopyInvoiceAction } from '../hooks/useCopyInvoice';
import { useInvoice } from '../hooks/useInvoice';

/** /invoices/{id}: the invoice as the customer sees it, read-only. */
export default function InvoiceDetailPage() {
  const id = useIdParam() ?? 0;
  const { invoice, totals, lines } = useInvoice(id);
  // The printed invoice's model carries the proof of delivery of a driver's invoice.
  const doc = useInvoiceDocument(id);
  const { askAndCopy } = useCopyInvoiceAction();
  if (!invoice || !totals) return <InvoiceLoader />;

  return (
    <Stack gap="md" maw={1000}>
      <Group justify="space-between">
        <Group gap="sm">
          {/* The screen's one h1, drawn at h2 size as every screen title (PageTitle). */}
          <Title order={1} size="h2">
            {invoice.invoiceNo}
          </Title>
          <StatusBadge status={invoice.status} />
        </Group>
        <Group gap="xs">
          <Button variant="default" component={Link} to="/invoices/">
            Back
          </Button>
          <Button component={Link} to={`/invoices/edit/${invoice.id}`}>
            Edit
          </Button>
          <Button variant="light" onClick={() => askAndCopy(invoice)}>
            Copy to new invoice
          </Button>
          <DocumentMenus id={invoice.id} />
          <HistoryLink entity="invoice" id={invoice.id} />
          <DeleteInvoiceButton id={invoice.id} message={invoice.invoiceNo} />
        </Group>
      </Group>
      <LastSent id={invoice.id} />
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
        <DocumentLines lines={lines} margin={invoice.showIndividualMargin === 1} />
        <InvoiceTotalsTable totals={totals} variant="document" showSuggested={invoice.showSuggestedAnalysis === 1} />
        {doc.data?.proof && (
          <Paper withBorder p="sm" mt="md" maw={420}>
            <Title order={2} size="h5">
              Proof of Delivery
            </Title>
            <ProofOfDelivery proof={doc.data.proof} />
          </Paper>
        )}
        {invoice.notes && (
          <>
            <Title order={2} size="h5" mt="md">
              Notes For Customer
            </Title>
            <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {invoice.notes}
            </Text>
          </>
        )}
      </Paper>
    </Stack>
  );
}
