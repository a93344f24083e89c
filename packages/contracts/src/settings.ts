import { text } from './common/fields.js';
import { z } from './common/zod.js';
import { emailTemplate } from './email.js';
import { EMAIL_BOUNDS, isLocalAddress } from './email-templates.js';
import { PAPER_SIZES, SETTINGS_BOUNDS } from './settings-defaults.js';

const between = ({ min, max }: { min: number; max: number }) => z.int().min(min).max(max);
const perInput = () => between(SETTINGS_BOUNDS.resultsPerInput);

/** A sender address: `invoices@example.com` or `Acme Wholesale <invoices@example.com>`. */
export function isMailbox(text: string): boolean {
  const named = /^[^<>]*<([^<>\s]+)>$/.exec(text);
  return z.email().safeParse(named ? named[1] : text).success;
}
const mailFrom = () =>
  text()
    .trim()
    .max(254)
    .refine((v) => v === '' || isMailbox(v), { message: 'must be a valid e-mail address' })
    .refine((v) => v === '' || !isLocalAddress(v), {
      message: 'must be an address stores can reply to, not localhost',
    });

/**
 * The business's one set of settings (docs/settings.md): read by lists,
 * pagers, pickers and new invoices; changed by an admin. `mailFrom` '' means
 * the server's MAIL_FROM.
 */
export const settingsSchema = z
  .object({
    resultsPerPage: between(SETTINGS_BOUNDS.resultsPerPage),
    resultsPerInput: perInput(),
    pagesDisplayed: between(SETTINGS_BOUNDS.pagesDisplayed),
    /** Invoice lists follow resultsPerPage (off: the spec's 10). */
    invoiceResultsPerPage: z.boolean(),
    resultsPerInputInvoices: perInput(),
    resultsPerInputCustomers: perInput(),
    showSuggestedAnalysis: z.boolean(),
    showIndividualMargin: z.boolean(),
    showDamagedGoods: z.boolean(),
    mailFrom: mailFrom(),
    /** The e-mail templates the compose step starts from (docs/email.md); '' restores the default. */
    emailSubject: emailTemplate(EMAIL_BOUNDS.subject),
    emailMessage: emailTemplate(EMAIL_BOUNDS.message),
    paperSize: z.enum(PAPER_SIZES),
  })
  .meta({ id: 'Settings' });
export type Settings = z.infer<typeof settingsSchema>;

/** settings/update: any of the fields; those left out keep their value. */
export const settingsUpdateBody = settingsSchema.partial();
export type SettingsUpdateBody = z.input<typeof settingsUpdateBody>;

/**
 * The settings, and the business's time zone (the server's `TZ`, an IANA name such as
 * America/Chicago): "today" is the date there, whatever zone the browser is in. The answer also
 * says which date that is and until when, so a browser knows today without working out the zone's
 * clock itself (which costs a phone a locale's data) until that date ends.
 */
export const settingsResponse = z.object({
  settings: settingsSchema,
  timeZone: z.string().meta({ description: "The business's time zone (IANA); today is the date there" }),
  today: z.iso.date().meta({ description: "The business's date (YYYY-MM-DD) when the answer was made" }),
  todayEndsAt: z.iso
    .datetime()
    .meta({ description: 'The instant that date ends where the business is (ISO 8601, UTC)' }),
});
