import { Button, Menu, Text } from '@mantine/core';
import { formatDate } from '@wd/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { showAlert } from '../../../lib/alert';
import { errorMessage } from '../../../lib/api-client';
import { downloadEdi, EDI_LABELS, type EdiFormat, type SendKind, useSentMessages } from '../api';
import { ComposeEmailModal } from './ComposeEmailModal';

function Dropdown({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" rightSection="▾">
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}

const download = (format: EdiFormat, id: number) => downloadEdi(format, id).catch((e) => showAlert(errorMessage(e)));

/**
 * The invoice detail's Print (Invoice, Thermal), EDI download (EDI MS, EDI C) and Email (PDF, EDI)
 * dropdowns; Email opens the compose step.
 */
export function DocumentMenus({ id }: { id: number }) {
  const [composing, setComposing] = useState<SendKind | null>(null);
  return (
    <>
      <Dropdown label="Print">
        <Menu.Item component={Link} to={`/invoices/print/${id}`}>
          Invoice
        </Menu.Item>
        <Menu.Item component={Link} to={`/invoices/thermalPrint/${id}`}>
          Thermal
        </Menu.Item>
      </Dropdown>
      <Dropdown label="EDI">
        <Menu.Item onClick={() => download('modisoft', id)}>{EDI_LABELS.modisoft}</Menu.Item>
        <Menu.Item onClick={() => download('cstore', id)}>{EDI_LABELS.cstore}</Menu.Item>
      </Dropdown>
      <Dropdown label="Email">
        <Menu.Item onClick={() => setComposing('pdf')}>PDF</Menu.Item>
        <Menu.Item onClick={() => setComposing('edi')}>EDI</Menu.Item>
      </Dropdown>
      <ComposeEmailModal target={composing && { id, kind: composing }} onClose={() => setComposing(null)} />
    </>
  );
}

/** MM-DD-YYYY h:mm in the browser's time zone. */
function formatStamp(iso: string): string {
  const d = new Date(iso);
  const day = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  const hour = d.getHours() % 12 || 12;
  return `${formatDate(day)} ${hour}:${String(d.getMinutes()).padStart(2, '0')} ${d.getHours() < 12 ? 'AM' : 'PM'}`;
}

/** "Last sent to <to> on <MM-DD-YYYY h:mm> (<status>)"; nothing while unknown or when the call fails. */
export function LastSent({ id }: { id: number }) {
  const sent = useSentMessages(id);
  const last = sent.data?.[0];
  if (!last) return null;
  return (
    <Text fz="sm" c="dimmed" data-testid="last-sent">
      Last sent to {last.to} on {formatStamp(last.sentAt ?? last.createdAt)} ({last.status})
    </Text>
  );
}
