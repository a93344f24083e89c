import { Button, Group, Modal, type ModalProps, Stack, Text } from '@mantine/core';
import { type FormEventHandler, type ReactNode, useRef } from 'react';

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
  // Mantine gives the focus back to what had it as the dialog opened, but only to a dialog that
  // opened after it was mounted. One whose code loads on demand (lib/lazy-dialog.tsx) can mount
  // open: what had the focus then (the scan box, Alt+P) gets it back once the dialog has closed,
  // unless something else has taken it. Else the next scan would go nowhere.
  const opener = useRef(modal.opened && document.activeElement instanceof HTMLElement ? document.activeElement : null);
  const form = useRef<HTMLFormElement>(null);
  const giveFocusBack = () => {
    const element = opener.current;
    opener.current = null;
    const active = document.activeElement;
    // Nowhere, or still on the dialog's own button that closed it.
    const lost =
      active === null || active === document.body || form.current?.closest('[role="dialog"]')?.contains(active);
    if (element?.isConnected && lost) element.focus({ preventScroll: true });
  };
  return (
    <Modal centered onExitTransitionEnd={giveFocusBack} {...modal}>
      <form ref={form} onSubmit={onSubmit} noValidate>
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
