import { z } from './common/zod.js';

/**
 * A trading partner's id in the X12 810 (docs/edi.md, "Partner ids"): what the
 * store's back office has for the vendor (on the biller), and the store number
 * the vendor uses (on the customer). Optional: without one the file carries the
 * record's id zero-padded to 6 digits under `ZZ`.
 */
export const EDI_QUALIFIERS = ['01', '12', 'ZZ'] as const;
export type EdiQualifier = (typeof EDI_QUALIFIERS)[number];
export const EDI_QUALIFIER_LABELS: Record<EdiQualifier, string> = {
  '01': 'DUNS number (01)',
  '12': 'Phone number (12)',
  ZZ: 'Mutually defined (ZZ)',
};

/** ISA06/ISA08 hold at most 15 characters and GS02/GS03 at least 2. */
export const EDI_ID_MAX = 15;

export const EDI_ID_MESSAGES = {
  format: `must be 2 to ${EDI_ID_MAX} letters, digits or dashes`,
  duns: 'must be 9 digits for a DUNS number (01)',
  phone: 'must be 10 digits for a phone number (12), without spaces or dashes',
  pair: (other: string) => `is required when ${other} is sent`,
} as const;

const ediId = z
  .string()
  .trim()
  .regex(new RegExp(`^([A-Za-z0-9-]{2,${EDI_ID_MAX}})?$`), { message: EDI_ID_MESSAGES.format });
const ediQualifier = z.enum(EDI_QUALIFIERS);

/** A new biller or customer: no EDI id unless given. */
export const ediIdFields = { ediId: ediId.default(''), ediQualifier: ediQualifier.default('ZZ') };
/** A change: an absent field keeps what the record has (clients that do not know the fields lose nothing). */
export const ediIdUpdateFields = { ediId: ediId.optional(), ediQualifier: ediQualifier.optional() };

/**
 * The qualifier's own rule on the id (a DUNS number is 9 digits, a phone number 10), and a change
 * sends both or neither, so the pair is always checked together.
 */
export function checkEdiId(value: { ediId?: string; ediQualifier?: EdiQualifier }, ctx: z.RefinementCtx) {
  const { ediId: id, ediQualifier: qualifier } = value;
  if ((id === undefined) !== (qualifier === undefined)) {
    const [missing, sent] = id === undefined ? ['ediId', 'ediQualifier'] : ['ediQualifier', 'ediId'];
    ctx.addIssue({ code: 'custom', path: [missing], message: EDI_ID_MESSAGES.pair(sent) });
    return;
  }
  if (!id) return;
  if (qualifier === '01' && !/^\d{9}$/.test(id))
    ctx.addIssue({ code: 'custom', path: ['ediId'], message: EDI_ID_MESSAGES.duns });
  if (qualifier === '12' && !/^\d{10}$/.test(id))
    ctx.addIssue({ code: 'custom', path: ['ediId'], message: EDI_ID_MESSAGES.phone });
}

/** A stored qualifier as the type says it (a value the database's check would refuse reads as ZZ). */
export function toEdiQualifier(value: string): EdiQualifier {
  return (EDI_QUALIFIERS as readonly string[]).includes(value) ? (value as EdiQualifier) : 'ZZ';
}
