import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';

export interface ConfirmOptions {
  title?: string;
  message?: ReactNode;
  yes?: string;
  no?: string;
  danger?: boolean;
}

/** The Yes/No confirmation every destructive action asks; resolves true on Yes. */
export function confirm({
  title = 'Are you sure?',
  message,
  yes = 'Yes',
  no = 'No',
  danger = true,
}: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title,
      centered: true,
      children: message ? <Text size="sm">{message}</Text> : null,
      labels: { confirm: yes, cancel: no },
      confirmProps: { color: danger ? 'red' : 'blue', 'data-autofocus': true },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
