import { Center, Loader, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { showAlert } from '../../../lib/alert';
import { errorMessage } from '../../../lib/api-client';
import { useCreateInvoice } from '../api';

/** Opening the new-invoice route creates the invoice at once, then goes to its edit screen. */
export default function NewInvoicePage() {
  const { type } = useParams();
  const navigate = useNavigate();
  const { mutateAsync: create } = useCreateInvoice();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    create(type === 'consignment' ? 'consignment' : 'invoice')
      .then(({ invoice }) => navigate(`/invoices/edit/${invoice.id}`, { replace: true }))
      .catch((error) => {
        showAlert(errorMessage(error));
        navigate('/invoices', { replace: true });
      });
  }, [type, navigate, create]);
  return (
    <Modal opened onClose={() => {}} withCloseButton={false} centered>
      <Center>
        <Stack align="center" gap="xs">
          <Loader aria-label="Loading" />
          <Text>Creating the invoice…</Text>
        </Stack>
      </Center>
    </Modal>
  );
}
