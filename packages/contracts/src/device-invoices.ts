import { id, isoDate, nonNegativeDollars, positiveDollars, text } from './common/fields.js';
import { z } from './common/zod.js';
import { deviceId } from './delivery-routes.js';
import { PAYMENT_TYPES } from './payments.js';

/**
 * An invoice made on a driver's device (docs/route-mode.md), sent when the device has signal: the
 * store's copy as it was printed (number from the device's block, lines with the prices the
 * device used, payments, proof of delivery). The server stores it as it is and flags, for the
 * office, what differs from the office's data; it never re-prices it.
 */

/** An image carried in JSON: `data:image/png;base64,…` or `data:image/jpeg;base64,…`, at most 600 KB. */
export const MAX_DEVICE_IMAGE_BYTES = 600 * 1024;
export const imageDataUrl = () =>
  text()
    .max(Math.ceil((MAX_DEVICE_IMAGE_BYTES * 4) / 3) + 40)
    .regex(/^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]+={0,2}$/, {
      message: 'must be a PNG, JPEG or WebP image as a data: URL (base64)',
    });

export const deviceLineInput = z
  .object({
    productID: id(),
    productName: text().trim().min(1).max(200),
    barcode: text().trim().max(48),
    /** Negative: a return (damaged when `damaged`). */
    quantity: z
      .int()
      .min(-100_000)
      .max(100_000)
      .refine((q) => q !== 0, { message: 'must not be 0' }),
    damaged: z.boolean().default(false),
    costPrice: nonNegativeDollars(),
    sellingPrice: nonNegativeDollars(),
    suggestedRetailPrice: nonNegativeDollars(),
  })
  .refine((l) => !l.damaged || l.quantity < 0, {
    message: 'Only a return (a negative quantity) can be a damaged good',
    path: ['damaged'],
  });

export const devicePaymentInput = z
  .object({
    paymentType: z.enum(PAYMENT_TYPES),
    amount: positiveDollars(),
    chequeNo: text().trim().max(40).default(''),
    /** The cheque's photo from the camera. */
    chequeImage: imageDataUrl().optional(),
  })
  .refine((p) => p.paymentType !== 'cheque' || p.chequeNo !== '', {
    message: 'Please enter the Cheque No.',
    path: ['chequeNo'],
  });

export const proofOfDeliveryInput = z.object({
  receivedBy: text().trim().min(1).max(100),
  signedAt: z.iso.datetime({ offset: true }),
  signature: imageDataUrl(),
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
});

export const deviceInvoiceBody = z.object({
  deviceID: deviceId(),
  /** A number of a block reserved for this device: the invoice is `Invoice/<number>`. */
  number: id(),
  type: z.enum(['invoice', 'consignment']).default('invoice'),
  customerID: id(),
  date: isoDate(),
  /** When the store's copy was printed; null when it was not. */
  printedAt: z.iso.datetime({ offset: true }).nullable().default(null),
  lines: z.array(deviceLineInput).min(1).max(1000),
  payments: z.array(devicePaymentInput).max(10).default([]),
  /**
   * The totals the device showed and printed (the goods sold, and the returns credited): checked
   * against the server's own sums of the lines.
   */
  totals: z.object({ total: nonNegativeDollars(), amountCredited: nonNegativeDollars() }),
  proof: proofOfDeliveryInput.nullable().default(null),
});
export type DeviceInvoiceInput = z.input<typeof deviceInvoiceBody>;

export const DEVICE_FLAG_KINDS = [
  'price',
  'deletedProduct',
  'deletedCustomer',
  'creditLimit',
  'total',
  'releasedBlock',
  /** The server refused the device's invoice (nothing was stored): the office must sort it out with the driver. */
  'refused',
] as const;
export type DeviceFlagKind = (typeof DEVICE_FLAG_KINDS)[number];

export const deviceFlagSchema = z
  .object({ kind: z.enum(DEVICE_FLAG_KINDS), message: z.string() })
  .meta({ id: 'DeviceFlag' });
export type DeviceFlag = z.infer<typeof deviceFlagSchema>;

export const deviceInvoiceResponse = z
  .object({
    invoice: z.object({
      id: z.int(),
      invoiceNo: z.string(),
      status: z.string(),
      total: z.number(),
      amountCredited: z.number(),
      paid: z.number(),
      balance: z.number(),
    }),
    /** What the office must look at: stored as sent, differing from the office's data. */
    flags: z.array(deviceFlagSchema),
    /** The invoice was already stored from this device (a repeat after a lost answer): nothing changed. */
    replayed: z.boolean(),
  })
  .meta({ id: 'DeviceInvoiceResult' });
export type DeviceInvoiceResult = z.infer<typeof deviceInvoiceResponse>;

export const DEVICE_INVOICE_MESSAGES = {
  notReserved: (n: number) => `Invoice number ${n} was not reserved for this device`,
  numberTaken: (n: number) => `Invoice/${n} is already another invoice`,
  customerNotFound: "The customer doesn't exist",
  price: (name: string, sent: string, office: string) =>
    `${name}: sold at ${sent}; the office's price for this customer is ${office}`,
  deletedProduct: (name: string) => `${name} was deleted in the office; the line keeps what was sold`,
  deletedCustomer: (name: string) => `${name} was deleted in the office`,
  creditLimit: (name: string, balance: string, limit: string) =>
    `${name} now owes ${balance}, past the credit limit of ${limit}`,
  total: (sent: string, stored: string) => `The device printed ${sent}; the lines add up to ${stored}`,
  releasedBlock: (n: number) => `Invoice/${n} was made after its number block was released`,
  refused: (n: number, customer: number, reason: string) =>
    `Invoice/${n} for customer ${customer} was refused and not stored: ${reason}`,
} as const;
