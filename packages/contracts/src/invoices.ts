import {
  changesSomething,
  id,
  idOrZero,
  isoDate,
  NOTHING_TO_CHANGE,
  nonNegativeDollars,
  text,
} from './common/fields.js';
import { listFilterSchema, pageFields, periodFilterFields } from './common/list.js';
import { z } from './common/zod.js';
import { INVOICE_STATUSES, INVOICE_TYPES } from './invoice-names.js';

const flag = z.union([z.literal(0), z.literal(1)]);
/**
 * Go ahead past the customer's credit limit (docs/receivables.md, "Credit limit"). Declared here,
 * not imported from receivables.ts, which imports this file through invoice-documents.ts.
 */
const creditLimitConfirmation = { confirmCreditLimit: z.literal(true).optional() };
/** A 0/1 flag as the API's clients send it, or the natural boolean: stored as 0/1 either way. */
const flagInput = z.union([flag, z.boolean().transform((on) => (on ? 1 : 0) as 0 | 1)]);
/** A yes/no as a boolean, or as 0/1: a boolean either way. */
const booleanInput = z.union([z.boolean(), flag.transform((v) => v === 1)]);

export const invoiceSchema = z
  .object({
    id: z.int(),
    invoiceNo: z.string(),
    date: z.string(),
    type: z.enum(INVOICE_TYPES),
    billerID: z.int(),
    biller: z.string(),
    /** 0: no customer (a walk-in). */
    customerID: z.int(),
    customer: z.string(),
    priceGroupID: z.int(),
    status: z.enum(INVOICE_STATUSES),
    consignmentStatus: z.enum(['DUE', 'PAID']).nullable(),
    remarks: z.string(),
    notes: z.string(),
    total: z.number(),
    amountCredited: z.number(),
    paid: z.number(),
    discountRedeemed: z.number(),
    awardPointsRedeemed: z.number(),
    balance: z.number(),
    /** The header's own discount and points, editable on the invoice. */
    headerDiscount: z.number(),
    headerAwardPoints: z.number(),
    showSuggestedAnalysis: flag,
    showIndividualMargin: flag,
    showDamagedGoods: flag,
    mergeInvoiceItems: flag,
  })
  .meta({ id: 'Invoice' });
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceItemSchema = z
  .object({
    id: z.int(),
    invoiceID: z.int(),
    productID: z.int(),
    productName: z.string(),
    barcode: z.string(),
    costPrice: z.number(),
    sellingPrice: z.number(),
    suggestedRetailPrice: z.number(),
    quantity: z.int(),
    subtotal: z.number(),
    damagedGood: z.boolean(),
  })
  .meta({ id: 'InvoiceItem' });
export type InvoiceItem = z.infer<typeof invoiceItemSchema>;

export const invoiceTotalsSchema = z
  .object({
    total: z.number(),
    amountCredited: z.number(),
    discountRedeemed: z.number(),
    paid: z.number(),
    balance: z.number(),
    totalSuggested: z.number(),
    suggestedCredited: z.number(),
    totalSuggestedProfit: z.number(),
    suggestedBalance: z.number(),
  })
  .meta({ id: 'InvoiceTotals' });
export type InvoiceTotals = z.infer<typeof invoiceTotalsSchema>;

export const invoiceListFilter = z.preprocess(
  (v) => v ?? {},
  listFilterSchema.extend({
    ...periodFilterFields,
    biller: z.union([id(), z.literal(''), z.literal(0)]).optional(),
    type: z.union([z.enum(INVOICE_TYPES), z.literal(''), z.literal('All')]).optional(),
    status: z.union([z.enum(['DUE', 'PAID', 'REFUND']), z.literal(''), z.literal('All')]).optional(),
    /** One customer's invoices ('' or absent: everyone's). */
    customer: z.union([id(), z.literal('')]).optional(),
  }),
);
export type InvoiceFilter = z.output<typeof invoiceListFilter>;
export type InvoiceFilterInput = z.input<typeof invoiceListFilter>;

/** `invoice/new/{type}/`: the kind of invoice to open. */
export const invoiceNewParams = z.object({ type: z.enum(INVOICE_TYPES) });
export const invoiceCreatedSchema = z.object({ id: z.int(), invoiceNo: z.string() }).meta({ id: 'InvoiceCreated' });
export type InvoiceCreated = z.infer<typeof invoiceCreatedSchema>;
export const invoiceCreatedResponse = z.object({ invoice: invoiceCreatedSchema });
/**
 * A copy of an invoice (docs/business-rules.md, "Copying an invoice"): the new draft as
 * invoice/new answers it, how many lines it got, and the names of the products left out
 * (deleted since the invoice was made), in the order of the invoice's lines.
 */
export const invoiceCopyResponse = z.object({
  invoice: invoiceCreatedSchema,
  copiedLines: z.int().nonnegative(),
  skipped: z.array(z.string()),
});
export type InvoiceCopy = z.infer<typeof invoiceCopyResponse>;

/** A draft's line whose price differs from what its customer's prices say today. */
export const repriceLineSchema = z
  .object({
    lineID: z.int(),
    productName: z.string(),
    quantity: z.int(),
    /** The line's selling price now, and at the customer's prices (dollars). */
    from: z.number(),
    to: z.number(),
    /** What the line's subtotal changes by (dollars; negative: cheaper). */
    change: z.number(),
  })
  .meta({ id: 'RepriceLine' });
export type RepriceLine = z.infer<typeof repriceLineSchema>;
/** What re-pricing a draft at its customer's prices would change (or did). */
export const repricePreviewResponse = z.object({
  /** The customer whose prices these are ('Walk-in customer' for none). */
  customer: z.string(),
  lines: z.array(repriceLineSchema),
  /** The sum of the lines' changes (dollars). */
  change: z.number(),
});
export const repriceInput = z.object({
  id: id(),
  /** The lines to re-price (those of the preview); all that differ when left out. */
  lineIDs: z.array(id()).max(5000).optional(),
});
export const repriceResponse = z.object({
  repriced: z.int().nonnegative(),
  invoice: invoiceSchema,
  invoiceTotals: invoiceTotalsSchema,
});

/** Add a line: by product id, or by scanned / typed text (barcode ± leading 0, box barcode, exact name). */
export const invoiceInsertInput = z
  .object({
    invoiceID: id(),
    customerID: idOrZero().optional(),
    productID: id().optional(),
    lookup: text().trim().min(1).max(200).optional(),
    ...creditLimitConfirmation,
  })
  .refine((v) => v.productID !== undefined || v.lookup !== undefined, {
    message: 'is required (or lookup)',
    path: ['productID'],
  });
export type InvoiceInsertInput = z.output<typeof invoiceInsertInput>;

export const invoiceItemUpdateInput = z.object({
  id: id(),
  invoiceID: id(),
  quantity: z.int().min(-100_000).max(100_000),
  damagedGood: booleanInput.optional(),
  sellingPrice: nonNegativeDollars().optional(),
  suggestedRetailPrice: nonNegativeDollars().optional(),
  ...creditLimitConfirmation,
});
export type InvoiceItemUpdateInput = z.output<typeof invoiceItemUpdateInput>;

export const invoiceUpdateInput = z
  .object({
    id: id(),
    date: isoDate().optional(),
    billerID: id().optional(),
    /** 0 or null: no customer. */
    customerID: idOrZero().nullable().optional(),
    /** Submit: 'DUE'; the server settles it to DUE, PAID or REFUND from the balance. */
    status: z.literal('DUE').optional(),
    remarks: text().max(5000).optional(),
    notes: text().max(5000).optional(),
    discountRedeemed: nonNegativeDollars().optional(),
    awardPointsRedeemed: nonNegativeDollars().optional(),
    showSuggestedAnalysis: flagInput.optional(),
    showIndividualMargin: flagInput.optional(),
    showDamagedGoods: flagInput.optional(),
    mergeInvoiceItems: flagInput.optional(),
    /** Flip biller 1 ↔ 2. */
    transferBiller: z.literal(true).optional(),
    /** Flip a consignment invoice's DUE ↔ PAID. */
    transferStatus: z.literal(true).optional(),
    /** Submit past the customer's credit limit anyway (docs/receivables.md, "Credit limit"). */
    ...creditLimitConfirmation,
  })
  .refine(changesSomething, NOTHING_TO_CHANGE);
export type InvoiceUpdateInput = z.output<typeof invoiceUpdateInput>;

export const invoiceResponse = z.object({ invoice: invoiceSchema });
/** Footer sums of the invoice list, over every matching invoice. */
export const invoiceListTotalsSchema = z
  .object({
    total: z.number(),
    paid: z.number(),
    discount: z.number(),
    credit: z.number(),
    balance: z.number(),
  })
  .meta({ id: 'InvoiceListTotals' });
export const invoicesResponse = z.object({
  invoices: z.array(invoiceSchema),
  ...pageFields,
  totals: invoiceListTotalsSchema,
});
/** What a line change leaves: the invoice's new totals and header, so a screen updates without fetching them. */
const lineChangeFields = { invoiceTotals: invoiceTotalsSchema, invoice: invoiceSchema };
/** A line added, merged or changed, with the invoice it leaves. */
export const invoiceItemResponse = z.object({ invoiceItem: invoiceItemSchema, ...lineChangeFields });
export type InvoiceItemResult = z.infer<typeof invoiceItemResponse>;
export const invoiceItemDeletedResponse = z.object({ message: z.string(), ...lineChangeFields });
export type InvoiceLineChange = Omit<InvoiceItemResult, 'invoiceItem'>;
export const invoiceItemsResponse = z.object({ invoiceItems: z.array(invoiceItemSchema), ...pageFields });

/** An invoice with its parties' addresses and contacts, for the detail page and the printout. */
export const invoiceSummarySchema = invoiceSchema
  .extend({
    billerLogo: z.string(),
    fullBillerAddress: z.string(),
    billerPhone: z.string(),
    fullCustomerAddress: z.string(),
    customerPhone: z.string(),
    customerEmail: z.string(),
  })
  .meta({ id: 'InvoiceSummary' });
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;
export const invoiceSummaryResponse = z.object({
  invoiceSummary: invoiceSummarySchema,
  invoiceTotals: invoiceTotalsSchema,
});

/** An earlier line of the same product for the same customer (the edit-price popup). */
export const priceHistoryEntrySchema = z
  .object({
    date: z.string(),
    invoiceNo: z.string(),
    sellingPrice: z.number(),
    suggestedRetailPrice: z.number(),
    quantity: z.int(),
  })
  .meta({ id: 'PriceHistoryEntry' });
export type PriceHistoryEntry = z.infer<typeof priceHistoryEntrySchema>;
export const productHistoryResponse = z.object({
  invoiceItem: invoiceItemSchema,
  priceHistory: z.array(priceHistoryEntrySchema),
});

export const INVOICE_MESSAGES = {
  repriceNotDraft: "Only a draft (NEW) invoice is re-priced; change a line's price instead",
  notFound: "The invoice doesn't exist",
  itemNotFound: 'The invoice line does not exist',
  paymentNotFound: 'The payment does not exist',
  lockedParties: 'The biller and customer can only change while the invoice is NEW',
  damagedNeedsReturn: 'Only a return (a negative quantity) can be a damaged good',
  noMatch: 'No product matches',
  manyMatches: 'More than one product matches; pick one',
  transferOnlyHouse: 'Transfer Biller flips between billers 1 and 2 only',
  notConsignment: 'Only consignment invoices have a consignment status',
  noCheque: 'This payment has no cheque associated with it!',
  copyDeletedParty: (what: 'biller' | 'customer', name: string) =>
    `The ${what} ${name} is deleted; recover it before copying this invoice`,
} as const;
