import { Alert, Anchor, Box, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { formatDate, formatMoney, type Statement } from '@wd/contracts';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DateField } from '../../../components/DateField';
import { showAlert } from '../../../lib/alert';
import { errorMessage } from '../../../lib/api-client';
import { useIdParam } from '../../../lib/route-params';
import { showSendResult } from '../../invoice-documents/send';
import { downloadStatementPdf, emailStatement, useStatement } from '../api';

/** Print: only the statement, on white, with the table header on every page. */
const PRINT_CSS = `
@media print {
  @page { margin: 10mm; }
  html, body { background: #fff !important; }
  .statement-controls, .mantine-AppShell-header, .mantine-AppShell-navbar, .mantine-AppShell-footer,
  .mantine-Notifications-root { display: none !important; }
  .mantine-AppShell-main { padding: 0 !important; min-height: 0 !important; background: #fff !important; }
  .statement-sheet { border: none !important; box-shadow: none !important; padding: 0 !important; }
  .statement-sheet thead { display: table-header-group; }
  .statement-sheet tr { break-inside: avoid; }
}`;

const blankIfZero = (n: number) => (n === 0 ? '' : formatMoney(n));

/** A party's lines under its name (empty ones left out). */
function Lines({ lines }: { lines: (string | false)[] }) {
  return (
    <>
      {lines.filter(Boolean).map((line) => (
        <Text fz="sm" key={String(line)}>
          {line}
        </Text>
      ))}
    </>
  );
}

function StatementSheet({ s }: { s: Statement }) {
  return (
    <Paper withBorder p="lg" className="statement-sheet" data-testid="statement">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Box>
          <Text fw={700} fz="lg">
            {s.from.company}
          </Text>
          <Lines lines={[...s.from.addressLines, s.from.phone && `Phone: ${s.from.phone}`, s.from.email]} />
        </Box>
        <Box ta="right">
          <Title order={1} size="h2">
            Statement of Account
          </Title>
          <Text fz="sm" data-testid="statement-period">
            {formatDate(s.startDate)} to {formatDate(s.endDate)}
          </Text>
        </Box>
      </Group>
      <Box mt="md" pt="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-4)' }}>
        <Text fz="xs" c="dimmed" fw={700}>
          To:
        </Text>
        <Text fw={700}>{s.customer.company}</Text>
        <Lines
          lines={[s.customer.name, ...s.customer.addressLines, s.customer.phone && `Phone: ${s.customer.phone}`]}
        />
      </Box>
      <Table mt="md" striped withTableBorder verticalSpacing={4} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Reference</Table.Th>
            <Table.Th>Invoice</Table.Th>
            <Table.Th ta="right">Charges</Table.Th>
            <Table.Th ta="right">Credits</Table.Th>
            <Table.Th ta="right">Balance</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr fw={700}>
            <Table.Td>{formatDate(s.startDate)}</Table.Td>
            <Table.Td />
            <Table.Td>Opening balance</Table.Td>
            <Table.Td />
            <Table.Td />
            <Table.Td />
            <Table.Td ta="right" data-testid="statement-opening">
              {formatMoney(s.openingBalance)}
            </Table.Td>
          </Table.Tr>
          {s.entries.map((e) => (
            <Table.Tr key={`${e.kind}-${e.reference}`}>
              <Table.Td>{formatDate(e.date)}</Table.Td>
              <Table.Td>{e.kind === 'invoice' ? 'Invoice' : 'Payment'}</Table.Td>
              <Table.Td>
                {e.kind === 'invoice' ? (
                  <Anchor component={Link} to={`/invoices/${e.invoiceId}`} fz="sm">
                    {e.reference}
                  </Anchor>
                ) : (
                  e.reference
                )}
              </Table.Td>
              <Table.Td>{e.kind === 'payment' ? e.invoiceNo : ''}</Table.Td>
              <Table.Td ta="right">{blankIfZero(e.charge)}</Table.Td>
              <Table.Td ta="right">{blankIfZero(e.credit)}</Table.Td>
              <Table.Td ta="right">{formatMoney(e.balance)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {s.entries.length === 0 && (
        <Text c="dimmed" fz="sm" mt="xs">
          No invoices or payments in this period.
        </Text>
      )}
      <Group justify="flex-end" mt="md">
        <Table withTableBorder w={280} fz="sm" verticalSpacing={4}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>Opening balance</Table.Td>
              <Table.Td ta="right">{formatMoney(s.openingBalance)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>Charges</Table.Td>
              <Table.Td ta="right">{formatMoney(s.totalCharges)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>Credits</Table.Td>
              <Table.Td ta="right">{formatMoney(s.totalCredits)}</Table.Td>
            </Table.Tr>
            <Table.Tr fw={700}>
              <Table.Td>Closing balance</Table.Td>
              <Table.Td ta="right" data-testid="statement-closing">
                {formatMoney(s.closingBalance)}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Group>
    </Paper>
  );
}

/**
 * /customers/:id/statement?start=&end= (docs/receivables.md): the period in
 * the URL (blank: this month up to today), the statement, Print and the PDF.
 */
export default function StatementPage() {
  const id = useIdParam() ?? 0;
  const [params, setParams] = useSearchParams();
  const period = { startDate: params.get('start') ?? '', endDate: params.get('end') ?? '' };
  const statement = useStatement(id, period);
  const [downloading, setDownloading] = useState(false);
  const [mailing, setMailing] = useState(false);
  const setPeriod = (key: 'start' | 'end', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const download = async () => {
    setDownloading(true);
    try {
      await downloadStatementPdf(id, period);
    } catch (error) {
      showAlert(errorMessage(error));
    } finally {
      setDownloading(false);
    }
  };

  const email = async () => {
    setMailing(true);
    try {
      showSendResult(await emailStatement(id, period));
    } catch (error) {
      showAlert(errorMessage(error));
    } finally {
      setMailing(false);
    }
  };
  const address = statement.data?.customer.email ?? '';

  return (
    <Stack gap="md">
      <style>{PRINT_CSS}</style>
      <Group justify="space-between" align="flex-end" className="statement-controls">
        <Group align="flex-end">
          <DateField
            label="Start date"
            w={150}
            clearable
            value={statement.data?.startDate ?? period.startDate}
            onChange={(v) => setPeriod('start', v)}
          />
          <DateField
            label="End date"
            w={150}
            clearable
            value={statement.data?.endDate ?? period.endDate}
            onChange={(v) => setPeriod('end', v)}
          />
        </Group>
        <Group>
          <Button variant="default" component={Link} to={`/customers/${id}`}>
            Back
          </Button>
          <Button variant="default" onClick={() => window.print()} disabled={!statement.data}>
            Print
          </Button>
          <Button variant="light" loading={downloading} onClick={download} disabled={!statement.data}>
            Download PDF
          </Button>
          <Button
            variant="light"
            loading={mailing}
            onClick={email}
            disabled={!statement.data || !address}
            title={statement.data && !address ? 'The customer has no e-mail address' : `E-mail the PDF to ${address}`}
          >
            E-mail
          </Button>
        </Group>
      </Group>
      {statement.isPending && (
        <Group justify="center" p="xl">
          <Loader aria-label="Loading statement" />
        </Group>
      )}
      {statement.isError && (
        <Alert color="red" title="The statement could not be shown">
          {errorMessage(statement.error)}
        </Alert>
      )}
      {statement.data && <StatementSheet s={statement.data} />}
    </Stack>
  );
}
