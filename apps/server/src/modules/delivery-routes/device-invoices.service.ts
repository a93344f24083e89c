import {
  type DeviceFlag,
  type DeviceInvoiceResult,
  type deviceInvoiceBody,
  formatMoney,
  HOUSE_BILLER_ID,
  lineSubtotal,
  DEVICE_INVOICE_MESSAGES as M,
  MAX_DEVICE_IMAGE_BYTES,
  resolveLinePrices,
  toCents,
  toDollars,
  WAREHOUSE_ID,
} from '@wd/contracts';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { sqlState } from '../../db/sql-state.js';
import type { AppContext, AuthUser } from '../../lib/context.js';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../lib/errors.js';
import { sniffImageType, type UploadedImage } from '../../lib/uploads.js';
import { creditLimitRepository } from '../customers/credit-limit.repository.js';
import { customersRepository } from '../customers/customers.repository.js';
import { filesRepository } from '../files/files.repository.js';
import { invoiceItemsRepository } from '../invoices/invoice-items.repository.js';
import { invoicesRepository, invoiceTrail } from '../invoices/invoices.repository.js';
import { assertLineFits, recomputeInvoice } from '../ledger/invoice-totals.js';
import { recordPayment } from '../ledger/payments-ledger.js';
import { settingsRepository } from '../settings/settings.repository.js';
import { stockRepository } from '../stock/stock.repository.js';
import { deviceInvoicesRepository as repo } from './device-invoices.repository.js';

type Input = z.output<typeof deviceInvoiceBody>;

/** The images of a sync, decoded and checked before its transaction. */
interface Images {
  cheques: (UploadedImage | null)[];
  signature: UploadedImage | null;
}

/** A data: URL's image, checked by its content (PNG, JPEG or WebP) and size. */
function imageOf(dataUrl: string, field: string): UploadedImage {
  const data = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  const contentType = sniffImageType(data);
  if (!contentType || !['image/png', 'image/jpeg', 'image/webp'].includes(contentType)) {
    throw new ValidationError(`${field} is not a PNG, JPEG or WebP image`, field);
  }
  if (data.length > MAX_DEVICE_IMAGE_BYTES) throw new ValidationError(`${field} is larger than 600 KB`, field);
  return { data, contentType };
}

/**
 * Stores the invoices drivers make on their devices (docs/route-mode.md): as the store was handed
 * them (number, lines, prices, totals), never re-priced; what differs from the office's data is
 * flagged for the office. The invoice number makes the sync exactly-once: a repeat from the same
 * device answers the stored invoice and changes nothing.
 */
export function createDeviceInvoicesService({ db }: AppContext) {
  async function answer(tx: Tx, id: number, replayed: boolean, flags?: DeviceFlag[]): Promise<DeviceInvoiceResult> {
    const row = (await invoicesRepository.find(tx, id))!;
    return {
      invoice: {
        id,
        invoiceNo: row.invoiceNo,
        status: row.status,
        total: toDollars(row.total),
        amountCredited: toDollars(row.amountCredited),
        paid: toDollars(row.paid),
        balance: toDollars(row.balance),
      },
      flags: flags ?? ((await repo.flagsOf(tx, id)) as DeviceFlag[]),
      replayed,
    };
  }

  async function store(tx: Tx, input: Input, user: AuthUser, images: Images): Promise<DeviceInvoiceResult> {
    const invoiceNo = `Invoice/${input.number}`;
    const block = await repo.blockHolding(tx, input.number, user.id, input.deviceID);
    if (!block) throw new ConflictError(M.notReserved(input.number), 'number');
    const existing = await repo.invoiceByNo(tx, invoiceNo);
    if (existing) {
      if (existing.deviceId === input.deviceID) return answer(tx, existing.id, true);
      throw new ConflictError(M.numberTaken(input.number), 'number');
    }
    const customer = await customersRepository.find(tx, input.customerID);
    if (!customer) throw new NotFoundError(M.customerNotFound);

    const flags: DeviceFlag[] = [];
    if (block.releasedAt) flags.push({ kind: 'releasedBlock', message: M.releasedBlock(input.number) });
    if (customer.deletedAt) flags.push({ kind: 'deletedCustomer', message: M.deletedCustomer(customer.company) });

    const defaults = await settingsRepository.read(tx);
    const id = await invoicesRepository.insert(tx, {
      invoiceNo,
      type: input.type,
      date: input.date,
      billerId: HOUSE_BILLER_ID,
      customerId: customer.id,
      status: 'NEW',
      consignmentStatus: input.type === 'consignment' ? 'DUE' : null,
      showSuggestedAnalysis: Number(defaults.showSuggestedAnalysis),
      showIndividualMargin: Number(defaults.showIndividualMargin),
      showDamagedGoods: Number(defaults.showDamagedGoods),
      deviceId: input.deviceID,
      // Its block, so the office's view of the routes and the block's used numbers find it by id.
      numberBlockId: block.id,
      printedAt: input.printedAt ? new Date(input.printedAt) : null,
    });

    // The lines as sold; each compared with what the office would charge this customer now.
    const productIds = [...new Set(input.lines.map((l) => l.productID))];
    const known = new Map((await repo.products(tx, productIds)).map((p) => [p.id, p]));
    const groupPrices = new Map(
      (await repo.groupPrices(tx, customer.priceGroupID, productIds)).map((g) => [g.productId, g]),
    );
    const flagged = new Set<number>();
    const rows: Parameters<typeof invoiceItemsRepository.insertMany>[1] = [];
    for (const line of input.lines) {
      const prices = {
        costPrice: toCents(line.costPrice),
        sellingPrice: toCents(line.sellingPrice),
        suggestedRetailPrice: toCents(line.suggestedRetailPrice),
      };
      assertLineFits({ ...prices, quantity: line.quantity });
      const product = known.get(line.productID);
      if (!product || product.deletedAt) {
        if (!flagged.has(line.productID))
          flags.push({ kind: 'deletedProduct', message: M.deletedProduct(line.productName) });
      } else {
        const office = resolveLinePrices(product, customer.priceGroupID, groupPrices.get(product.id));
        if (office.sellingPrice !== prices.sellingPrice && !flagged.has(line.productID)) {
          flags.push({
            kind: 'price',
            message: M.price(
              line.productName,
              formatMoney(line.sellingPrice),
              formatMoney(toDollars(office.sellingPrice)),
            ),
          });
        }
      }
      flagged.add(line.productID);
      rows.push({
        invoiceId: id,
        productId: product ? product.id : null,
        productName: line.productName,
        barcode: line.barcode,
        ...prices,
        quantity: line.quantity,
        subtotal: lineSubtotal(line.quantity, prices.sellingPrice),
        damagedGood: line.damaged,
      });
    }
    await invoiceItemsRepository.insertMany(tx, rows);

    // Submitted as it was handed over: DUE, then settled by its payments. Its goods left the
    // driver's truck (the warehouse when the driver has no route any more): leaving NEW moves them.
    const truck = await stockRepository.truckOfDriver(tx, user.id);
    await invoicesRepository.update(tx, id, { status: 'DUE', stockLocationId: truck ?? WAREHOUSE_ID });
    const totals = await recomputeInvoice(tx, id);
    const printedTotals = { total: toCents(input.totals.total), amountCredited: toCents(input.totals.amountCredited) };
    if (totals.total !== printedTotals.total || totals.amountCredited !== printedTotals.amountCredited) {
      const shown = (t: { total: number; amountCredited: number }) =>
        `${formatMoney(toDollars(t.total))} less ${formatMoney(toDollars(t.amountCredited))} credited`;
      flags.push({ kind: 'total', message: M.total(shown(printedTotals), shown(totals)) });
    }
    for (const [i, p] of input.payments.entries()) {
      const image = images.cheques[i];
      const chequeFileId = image ? await filesRepository.insert(tx, 'cheque', image) : null;
      await recordPayment(
        tx,
        'customer',
        {
          invoiceId: id,
          date: input.date,
          paymentType: p.paymentType,
          amountPaid: toCents(p.amount),
          chequeNo: p.paymentType === 'cheque' ? p.chequeNo : '',
          chequeFileId,
        },
        user.id,
      );
    }

    const credit = await creditLimitRepository.credit(tx, customer.id, true);
    if (credit && credit.creditLimit > 0 && credit.openBalance > credit.creditLimit) {
      flags.push({
        kind: 'creditLimit',
        message: M.creditLimit(
          customer.company,
          formatMoney(toDollars(credit.openBalance)),
          formatMoney(toDollars(credit.creditLimit)),
        ),
      });
    }

    if (input.proof && images.signature) {
      const signatureFileId = await filesRepository.insert(tx, 'signature', images.signature);
      await repo.insertProof(tx, {
        invoiceId: id,
        receivedBy: input.proof.receivedBy,
        signedAt: new Date(input.proof.signedAt),
        signatureFileId,
        latitude: input.proof.latitude ?? null,
        longitude: input.proof.longitude ?? null,
      });
    }
    await repo.insertFlags(
      tx,
      flags.map((f) => ({ invoiceId: id, userId: user.id, deviceId: input.deviceID, ...f })),
    );
    await invoiceTrail.create(tx, user.id, id, (await invoicesRepository.find(tx, id))!);
    return answer(tx, id, false, flags);
  }

  return {
    async sync(input: Input, user: AuthUser): Promise<DeviceInvoiceResult> {
      try {
        const images: Images = {
          cheques: input.payments.map((p, i) =>
            p.chequeImage ? imageOf(p.chequeImage, `payments.${i}.chequeImage`) : null,
          ),
          signature: input.proof ? imageOf(input.proof.signature, 'proof.signature') : null,
        };
        return await db.transaction((tx) => store(tx, input, user, images));
      } catch (error) {
        // The same invoice sent twice at once: the second insert meets the first's number.
        if (sqlState(error) === '23505') {
          const existing = await repo.invoiceByNo(db, `Invoice/${input.number}`);
          if (existing?.deviceId === input.deviceID) return answer(db, existing.id, true);
        }
        // A refusal is never only the device's business: the office sees it among the flags.
        if (error instanceof AppError && error.statusCode < 500) {
          await repo.insertFlags(db, [
            {
              invoiceId: null,
              userId: user.id,
              deviceId: input.deviceID,
              kind: 'refused',
              message: M.refused(input.number, input.customerID, error.message),
            },
          ]);
        }
        throw error;
      }
    },
  };
}
