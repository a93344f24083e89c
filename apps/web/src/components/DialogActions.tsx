import { Button, Group, Modal, type ModalProps, Stack, Text } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';

/** A dialog's buttons: Close, then its own (right-aligned, the main one last). */
export function DialogActions({ onClose, children }: { onClose(): void; children?: ReactNode }) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onClose}>
        Close
      </Button>
      {children}
    </Group>
  );
}

interface FormDialogProps extends Pick<ModalProps, 'opened' | 'onClose' | 'title' | 'size'> {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** What went wrong that is no field's (the server's refusal). */
  error: string | null;
  submitLabel: string;
  submitting: boolean;
  /** The form can't be sent as it is (the contract would refuse it). */
  disabled?: boolean;
  children: ReactNode;
}

/** A dialog that is a form: its fields, the error that is no field's, Close and the submit button. */
export function FormDialog({
  onSubmit,
  error,
  submitLabel,
  submitting,
  disabled,
  children,
  ...modal
}: FormDialogProps) {
  return (
    <Modal centered {...modal}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {children}
          {error && (
            <Text c="red" role="alert">
              {error}
            </Text>
          )}
          <DialogActions onClose={modal.onClose}>
            <Button type="submit" loading={submitting} disabled={disabled}>
              {submitLabel}
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </Modal>
  );
}
