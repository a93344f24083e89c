import { text } from './common/fields.js';
import { z } from './common/zod.js';
import { EMAIL_BOUNDS, EMAIL_PLACEHOLDERS, unknownPlaceholders } from './email-templates.js';

/**
 * The e-mail's fields as the server checks them: the templates of Settings and what the clerk may
 * change before Send. The templates' placeholders, defaults and filling are in email-templates.ts.
 */

/** A template field of Settings: '' means the built-in default; unknown placeholders are refused. */
export const emailTemplate = (max: number) =>
  text()
    .trim()
    .max(max)
    .refine((v) => unknownPlaceholders(v).length === 0, {
      message: `holds an unknown placeholder; use ${Object.keys(EMAIL_PLACEHOLDERS)
        .map((p) => `{${p}}`)
        .join(' ')}`,
    });

const address = z.email().max(254);

/**
 * What the clerk may change before Send; each field left out takes the draft's value (the
 * customer's address, no copies, the templates of Settings). Placeholders are filled in a typed
 * subject and message too.
 */
export const emailOptions = z.preprocess(
  (v) => v ?? {},
  z.object({
    to: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), address).optional(),
    cc: z
      .array(z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), address))
      .max(EMAIL_BOUNDS.cc)
      .default([]),
    subject: emailTemplate(EMAIL_BOUNDS.subject).pipe(z.string().min(1)).optional(),
    message: emailTemplate(EMAIL_BOUNDS.message).optional(),
  }),
);
export type EmailOptions = z.input<typeof emailOptions>;

/** The e-mail as it would go now: the compose step shows it, the clerk edits it, Send sends it. */
export const emailDraftSchema = z
  .object({
    /** The sender from Settings (or the server's MAIL_FROM). */
    from: z.string(),
    /** The customer's address; '' when it has none (the clerk types one). */
    to: z.string(),
    cc: z.array(z.string()),
    subject: z.string(),
    message: z.string(),
    /** The files attached, by name. */
    attachments: z.array(z.string()),
    /** Why it can't be sent as it is ('' when it can): no sender set, no recipient. */
    warning: z.string(),
  })
  .meta({ id: 'EmailDraft' });
export type EmailDraft = z.infer<typeof emailDraftSchema>;
export const emailDraftResponse = z.object({ draft: emailDraftSchema });
