import { notifications } from '@mantine/notifications';
import type { InvoiceSendResult } from '@wd/contracts';
import { showAlert } from '../../lib/alert';
import { errorMessage } from '../../lib/api-client';

/** The answer of a send in words: green when it went, yellow when it waits in the outbox. */
export function showSendResult(result: InvoiceSendResult) {
  const sent = result.outboxMessage.status === 'sent';
  notifications.show({
    color: sent ? 'green' : 'yellow',
    title: sent ? 'Sent' : 'Queued',
    message: result.message,
    autoClose: 6000,
  });
}

/** Sends and tells the user what happened (the server's message when it refuses, e.g. no e-mail address). */
export async function sendAndTell(send: (id: number) => Promise<InvoiceSendResult>, id: number) {
  try {
    showSendResult(await send(id));
  } catch (error) {
    showAlert(errorMessage(error));
  }
}
