import { notifications } from '@mantine/notifications';

/** The spec's "alert": a message the user must see, shown as a red notice. */
export function showAlert(message: string) {
  notifications.show({ color: 'red', title: 'Error', message, autoClose: 6000 });
}

export function showSuccess(message: string) {
  notifications.show({ color: 'green', message, autoClose: 3000 });
}
