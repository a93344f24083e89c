import { Group, Loader, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useIdParam } from '../../../lib/route-params';
import { useSendInvoice } from '../api';
import { sendAndTell } from '../send';

/** /invoices/emailPDF/{id}: e-mails the PDF at once, says what happened, then goes back one page. */
export default function EmailPdfPage() {
  const id = useIdParam() ?? 0;
  const navigate = useNavigate();
  const send = useSendInvoice('pdf');
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // Back one page; opened in a tab of its own, to the list.
    sendAndTell(send.mutateAsync, id).then(() =>
      window.history.length > 1 ? navigate(-1) : navigate('/invoices', { replace: true }),
    );
  }, [id, send.mutateAsync, navigate]);

  return (
    <Group justify="center" py="xl" gap="sm">
      <Loader size="sm" aria-label="Sending" />
      <Text>Sending the invoice…</Text>
    </Group>
  );
}
