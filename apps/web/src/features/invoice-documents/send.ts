import { notifications } from '@mantine/notifications';
import type { InvoiceSendResult } from '@wd/contracts';

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

/** The copies as typed or pasted: each tag split at commas, semicolons and spaces, trimmed, once each. */
export function addressTags(tags: string[]): string[] {
  const all = tags.flatMap((tag) => tag.split(/[,;\s]+/)).filter(Boolean);
  return [...new Set(all)];
}

/** A copy the contract refuses, in words: "bad@ is not an e-mail address". */
export function badCopy(cc: string[], index: unknown): string {
  const value = typeof index === 'number' ? cc[index] : undefined;
  return value ? `${value} is not an e-mail address` : 'Check the copies';
}
