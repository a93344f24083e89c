import { id, isoDate, nonNegativeDollars, text } from './common/fields.js';
import { listFilterSchema, pageFields, periodFilterFields } from './common/list.js';
import { z } from './common/zod.js';
import { checkEdiId, EDI_QUALIFIERS, ediIdFields, ediIdUpdateFields } from './edi-ids.js';

/** The house biller; biller 2 is the second company every database starts with. */
export const HOUSE_BILLER_ID = 1;
export const SECOND_BILLER_ID = 2;

const optionalText = (max: number) => text().trim().max(max).default('');
const optionalEmail = z.union([z.literal(''), z.email().max(254)]).default('');
const phone = text()
  .trim()
  .max(40)
  .regex(/^[0-9+().\-\s]*$/, { message: 'may hold only digits, spaces and + ( ) . -' })
  .default('');

/** Fields billers and customers share. */
const addressFields = {
  company: text().trim().min(1).max(200),
  name: optionalText(200),
  address: optionalText(300),
  city: optionalText(100),
  state: optionalText(100),
  postalCode: optionalText(20),
  country: optionalText(100),
  phone,
  email: optionalEmail,
};

const addressSchema = z.object({
  id: z.int(),
  company: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  country: z.string(),
  phone: z.string(),
  email: z.string(),
  /** The partner id in EDI files; '' for none (the record id padded to 6 digits is used). */
  ediId: z.string(),
  ediQualifier: z.enum(EDI_QUALIFIERS),
});
const deletedAt = z.string().nullable();

export interface PostalAddress {
  address: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

/** A party's address as printed: street, "City, ST 12345", country (empty parts left out). */
export function addressLines(p: PostalAddress): string[] {
  const cityLine = [p.city, [p.state, p.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [p.address, cityLine, p.country].filter(Boolean);
}

export const billerSchema = addressSchema
  .extend({
    /** Address of the logo image, or '' when none. */
    logo: z.string(),
    deletedAt,
  })
  .meta({ id: 'Biller' });
export type Biller = z.infer<typeof billerSchema>;
export const billerInput = z.object({ ...addressFields, ...ediIdFields }).superRefine(checkEdiId);
export type BillerInput = z.input<typeof billerInput>;
export const billerUpdateInput = z.object({ id: id(), ...addressFields, ...ediIdUpdateFields }).superRefine(checkEdiId);
export type BillerUpdateInput = z.input<typeof billerUpdateInput>;

export const customerSchema = addressSchema
  .extend({
    deletedAt,
    awardPoints: z.int(),
    taxPermitNumber: z.string(),
    priceGroupID: z.int(),
    priceGroup: z.string(),
    dateLastVerified: z.string().nullable(),
    hasResaleCertificate: z.boolean(),
    /** dateLastVerified is empty or 365+ days before today. */
    stale: z.boolean(),
    /** Dollars; 0 = no limit (docs/receivables.md, "Credit limit"). */
    creditLimit: z.number(),
  })
  .meta({ id: 'Customer' });
export type Customer = z.infer<typeof customerSchema>;
/**
 * The API types awardPoints and taxPermitNumber as numbers; forms send text.
 * Both forms are taken and stored the same way: award points as a whole
 * number ("12" and 12 store 12), a tax permit number as its digits in text,
 * so the leading zeros of "00123" stay (123 stores "123").
 */
const fromDigits = (v: unknown) => (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v);
const asDigits = (v: unknown) => (typeof v === 'number' ? String(v) : v);
const customerFields = {
  ...addressFields,
  awardPoints: z.preprocess(fromDigits, z.int().min(0).max(100_000_000)).default(0),
  taxPermitNumber: z
    .preprocess(asDigits, text().trim().max(30).regex(/^\d*$/, { message: 'must be a number' }))
    .default(''),
  priceGroupID: id().default(1),
  /** When the resale certificate was last verified (signing one sets today); '' or null clears it. */
  dateLastVerified: z
    .union([isoDate(), z.literal('')])
    .nullable()
    .optional(),
};
/** The most the customer may owe on DUE invoices before a confirmation is asked; 0 = no limit. */
const creditLimit = nonNegativeDollars();
export const customerInput = z
  .object({ ...customerFields, ...ediIdFields, creditLimit: creditLimit.default(0) })
  .superRefine(checkEdiId);
export type CustomerInput = z.input<typeof customerInput>;
/** Absent creditLimit keeps the customer's limit. */
export const customerUpdateInput = z
  .object({ id: id(), ...customerFields, ...ediIdUpdateFields, creditLimit: creditLimit.optional() })
  .superRefine(checkEdiId);
export type CustomerUpdateInput = z.input<typeof customerUpdateInput>;

export const STALE_AFTER_DAYS = 365;
/** A customer is stale when dateLastVerified is empty or 365 or more days before today. */
export function isStale(dateLastVerified: string | null | undefined, today: string): boolean {
  if (!dateLastVerified) return true;
  const ms = Date.parse(`${today}T00:00:00Z`) - Date.parse(`${dateLastVerified}T00:00:00Z`);
  return ms / 86_400_000 >= STALE_AFTER_DAYS;
}

export const supplierSchema = z
  .object({
    id: z.int(),
    company: z.string(),
    email: z.string(),
    phone: z.string(),
    address: z.string(),
  })
  .meta({ id: 'Distributor' });
export type Supplier = z.infer<typeof supplierSchema>;
const supplierFields = {
  company: text().trim().min(1).max(200),
  email: optionalEmail,
  phone,
  address: optionalText(300),
};
export const supplierInput = z.object(supplierFields);
export type SupplierInput = z.input<typeof supplierInput>;
export const supplierUpdateInput = z.object({ id: id(), ...supplierFields });
export type SupplierUpdateInput = z.input<typeof supplierUpdateInput>;

export const expenseSchema = z
  .object({
    id: z.int(),
    reference: z.string(),
    date: z.string(),
    billerID: z.int(),
    biller: z.string(),
    expense: z.string(),
    category: z.string(),
    amount: z.number(),
  })
  .meta({ id: 'Expense' });
export type Expense = z.infer<typeof expenseSchema>;
const expenseFields = {
  date: isoDate(),
  billerID: id(),
  expense: text().trim().min(1).max(200),
  category: optionalText(100),
  amount: nonNegativeDollars(),
};
export const expenseInput = z.object(expenseFields);
export type ExpenseInput = z.input<typeof expenseInput>;
export const expenseUpdateInput = z.object({ id: id(), ...expenseFields });
export type ExpenseUpdateInput = z.input<typeof expenseUpdateInput>;
/** The expense list: search, sort, page, and the month and year (either may be '' for any). */
export const expenseListFilter = z.preprocess(
  (v) => v ?? {},
  listFilterSchema.extend({ month: periodFilterFields.month, year: periodFilterFields.year }),
);
export type ExpenseListFilter = z.output<typeof expenseListFilter>;

export const billerResponse = z.object({ biller: billerSchema });
export const billersResponse = z.object({ billers: z.array(billerSchema), ...pageFields });
export const customerResponse = z.object({ customer: customerSchema });
export const customersResponse = z.object({ customers: z.array(customerSchema), ...pageFields });
/** The customer list's filter: the list filter, and `overLimit` for customers owing more than their credit limit. */
export const customerListFilter = z.preprocess(
  (v) => v ?? {},
  listFilterSchema.extend({ overLimit: z.boolean().optional() }),
);
export type CustomerListFilter = z.output<typeof customerListFilter>;
export type CustomerListFilterInput = z.input<typeof customerListFilter>;
export const supplierResponse = z.object({ distributor: supplierSchema });
export const suppliersResponse = z.object({ distributors: z.array(supplierSchema), ...pageFields });
export const expenseResponse = z.object({ expense: expenseSchema });
export const expensesResponse = z.object({
  expenses: z.array(expenseSchema),
  ...pageFields,
  totals: z.object({ amount: z.number() }),
});

/**
 * A file answered as it is, not as JSON, of one of `mediaTypes` (the OpenAPI document lists the
 * answer under each, so a generated client reads a PDF as bytes, not as JSON).
 */
export const fileResponse = (...mediaTypes: [string, ...string[]]) =>
  z
    .custom<Uint8Array>((v) => v instanceof Uint8Array)
    .meta({ type: 'string', format: 'binary', 'x-media-types': mediaTypes });

/** A PDF answered as it is (the resale certificate, an invoice, a statement). */
export const pdfFile = fileResponse('application/pdf');
/** A CSV file (RFC 4180, UTF-8). */
export const csvFile = fileResponse('text/csv');

export const PARTY_MESSAGES = {
  billerNotFound: "The biller doesn't exist",
  buyerNotFound: "The buyer doesn't exist",
  customerNotFound: "The customer doesn't exist",
  supplierNotFound: "The distributor doesn't exist",
  expenseNotFound: "The expense doesn't exist",
  noResaleCertificate: 'No Resale Certificate Uploaded',
  certificateFailed: 'An error occurred while generating the resale certificate.',
} as const;

/** Uploads (cheque images, resale certificates, logos): images only, at most 10 MB. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic'] as const;
