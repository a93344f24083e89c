import { Button } from '@mantine/core';
import { useNavigate } from 'react-router';
import { confirm } from '../../../components/confirm';
import { showAlert } from '../../../lib/alert';
import { errorMessage } from '../../../lib/api-client';
import { useDeleteInvoice } from '../api';

/** Delete, after a Yes; then back to the invoice list. */
export function DeleteInvoiceButton({ id, message }: { id: number; message: string }) {
  const navigate = useNavigate();
  const remove = useDeleteInvoice();
  return (
    <Button
      color="red"
      variant="light"
      onClick={async () => {
        if (!(await confirm({ title: 'Are you sure you want to delete?', message }))) return;
        try {
          await remove.mutateAsync(id);
          navigate('/invoices');
        } catch (error) {
          showAlert(errorMessage(error));
        }
      }}
    >
      Delete
    </Button>
  );
}
