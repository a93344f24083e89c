/**
 * The e-mail of an invoice as the clerk composes it (docs/email.md): the
 * recipient, copies, subject and message, prefilled from the templates in
 * Settings and editable before Send.
 */

/** What a template may hold, each replaced by the invoice's own value. */
export const EMAIL_PLACEHOLDERS = {
  invoice: 'the invoice number',
  date: 'the invoice date',
  amount: 'the amount',
  paid: 'what was paid',
  balance: 'the balance',
  customer: "the customer's company",
  contact: "the customer's contact name (or company)",
  biller: "the biller's company",
  billerPhone: "the biller's phone",
  document: '"Invoice" for the PDF, "EDI files of invoice" for the EDI files',
  attached: '"Attached is" for the PDF, "Attached are the EDI files (Modisoft CSV and X12 810) of" for EDI',
} as const;
export type EmailPlaceholder = keyof typeof EMAIL_PLACEHOLDERS;

export const DEFAULT_EMAIL_SUBJECT = '{document} {invoice} from {biller}';
export const DEFAULT_EMAIL_MESSAGE = [
  'Dear {contact},',
  '',
  '{attached} invoice {invoice} of {date}: amount {amount}, paid {paid}, balance {balance}.',
  '',
  'Thank you for your business.',
  '{biller}',
  '{billerPhone}',
].join('\n');

const PLACEHOLDER = /\{(\w+)\}/g;

/** The placeholders of a template that are not known ({invoce} …), for a clear refusal. */
export function unknownPlaceholders(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((m) => m[1]).filter((name) => !(name in EMAIL_PLACEHOLDERS));
}

/**
 * A template with its placeholders replaced. A line that held only placeholders which came out
 * empty (a biller without a phone) is left out, and the text ends without blank lines.
 */
export function fillTemplate(template: string, values: Record<EmailPlaceholder, string>): string {
  const lines = template.split('\n').flatMap((line) => {
    const filled = line.replace(PLACEHOLDER, (whole, name: string) =>
      name in values ? values[name as EmailPlaceholder] : whole,
    );
    const onlyPlaceholders = line.trim() !== '' && line.replace(PLACEHOLDER, '').trim() === '';
    return onlyPlaceholders && filled.trim() === '' ? [] : [filled];
  });
  while (lines.length > 0 && lines[lines.length - 1].trim() === '') lines.pop();
  return lines.join('\n');
}

export const EMAIL_BOUNDS = { subject: 200, message: 5000, cc: 10 } as const;

/** A sender that no one can reply to: localhost, *.localhost, *.local, or a name without a dot. */
export function isLocalAddress(mailbox: string): boolean {
  const address = /<([^<>\s]+)>\s*$/.exec(mailbox)?.[1] ?? mailbox.trim();
  const domain = address.split('@')[1]?.toLowerCase() ?? '';
  return domain === '' || !domain.includes('.') || /(^|\.)(localhost|local)$/.test(domain);
}

export const EMAIL_MESSAGES = {
  localSender: (from: string) =>
    `Set the sender's e-mail address in Settings before sending: ${from} is not an address a store can reply to.`,
  noRecipient: 'Type the address to send it to: this customer has no e-mail address.',
} as const;
