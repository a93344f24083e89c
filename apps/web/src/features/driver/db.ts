import type {
  CatalogProduct,
  DayStop,
  DeviceInvoiceResult,
  DocumentBiller,
  GroupPriceRow,
  PaymentType,
  RouteVisitInput,
  Settings,
} from '@wd/contracts';
import Dexie, { type EntityTable } from 'dexie';

/**
 * The driver's device storage (IndexedDB through Dexie; docs/route-mode.md). The morning
 * download fills `meta`, `stops`, `products`, `groupPrices` and `numbers`; what the driver does
 * goes to `invoices` and, once final, to `queue`, which the sync sends in order. A re-download
 * replaces the catalog and the stops but never touches `invoices` or `queue`.
 */

export interface DownloadMeta {
  key: 'download';
  userId: number;
  downloadedAt: string;
  date: string;
  route: { id: number; name: string; truck: string } | null;
  settings: Settings;
  biller: DocumentBiller;
  /** What the books said was on the truck at the download. */
  truckStock: { productID: number; quantity: number }[];
}

export type StopState = 'next' | 'done' | 'skipped';
export interface StoredStop extends DayStop {
  date: string;
  state: StopState;
  skipReason: string;
}

export interface StoredProduct extends CatalogProduct {
  nameLower: string;
}

export interface StoredNumber {
  number: number;
  blockId: number;
  /** The device invoice that took it ('' while free; 'server' when the server says it is used). */
  usedBy: string;
}

/** A line as the device sells it (dollars, as on the wire). */
export interface DeviceLine {
  productID: number;
  productName: string;
  barcode: string;
  quantity: number;
  damaged: boolean;
  costPrice: number;
  sellingPrice: number;
  suggestedRetailPrice: number;
}

export interface DevicePayment {
  paymentType: PaymentType;
  amount: number;
  chequeNo: string;
  /** The cheque's photo, as a data: URL. */
  chequeImage?: string;
}

export interface DeviceProof {
  receivedBy: string;
  signedAt: string;
  signature: string;
  latitude?: number;
  longitude?: number;
}

export interface DeviceInvoice {
  localId: string;
  userId: number;
  deviceID: string;
  state: 'draft' | 'final';
  type: 'invoice' | 'consignment';
  customerID: number;
  customer: string;
  priceGroupID: number;
  date: string;
  /** Taken from the device's block when the invoice is made final. */
  number: number | null;
  lines: DeviceLine[];
  payments: DevicePayment[];
  proof: DeviceProof | null;
  printedAt: string | null;
  createdAt: string;
}

export type QueueState = 'waiting' | 'sent' | 'refused';
export interface QueueItem {
  seq?: number;
  /** The Idempotency-Key the item is always sent with. */
  key: string;
  userId: number;
  kind: 'invoice' | 'visit';
  /** The device invoice (kind 'invoice'). */
  localId: string;
  /** The stop's skip (kind 'visit'). */
  visit?: RouteVisitInput;
  label: string;
  state: QueueState;
  attempts: number;
  lastError: string;
  answer: DeviceInvoiceResult | null;
  queuedAt: string;
  sentAt: string | null;
}

export class DriverDb extends Dexie {
  meta!: EntityTable<DownloadMeta, 'key'>;
  stops!: EntityTable<StoredStop, 'customerID'>;
  products!: EntityTable<StoredProduct, 'id'>;
  groupPrices!: Dexie.Table<GroupPriceRow, [number, number]>;
  numbers!: EntityTable<StoredNumber, 'number'>;
  invoices!: EntityTable<DeviceInvoice, 'localId'>;
  queue!: EntityTable<QueueItem, 'seq'>;

  constructor(name = 'wholesale-desk-driver') {
    super(name);
    this.version(1).stores({
      meta: 'key',
      stops: 'customerID, position',
      products: 'id, barcode, boxBarcode, nameLower',
      groupPrices: '[priceGroupID+productID]',
      numbers: 'number, usedBy',
      invoices: 'localId, customerID, state',
      queue: '++seq, state, localId, userId',
    });
  }
}

export const driverDb = new DriverDb();

/** This device's id: made once, kept in local storage (it names the device's number blocks). */
export function deviceId(): string {
  const KEY = 'wd-device-id';
  let id = localStorage.getItem(KEY);
  if (!id) {
    const bytes = crypto.getRandomValues(new Uint8Array(8));
    id = `device-${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
    localStorage.setItem(KEY, id);
  }
  return id;
}

export type DraftChange = (inv: DeviceInvoice) => Partial<DeviceInvoice> | null;

/**
 * The writer of one draft on the screen that edits it: changes run one after another, each from
 * the latest copy, and each is written to storage before it is shown (`onStored`). Edits made at
 * scanner speed (or a tap while a scan lands) never overwrite each other, and a scan on a long
 * invoice costs one write, no read. A final invoice is never changed: it is what the store was
 * handed. `edit` answers whether the draft took the change.
 */
export function draftWriter(initial: DeviceInvoice | undefined, onStored: (inv: DeviceInvoice) => void) {
  let latest = initial;
  let chain: Promise<unknown> = Promise.resolve();
  return {
    latest: () => latest,
    edit(change: DraftChange): Promise<boolean> {
      const next = chain.then(async () => {
        const current = latest;
        if (current?.state !== 'draft') return false;
        const patch = change(current);
        if (!patch) return true;
        const updated = { ...current, ...patch };
        await driverDb.invoices.put(updated);
        latest = updated;
        onStored(updated);
        return true;
      });
      chain = next.catch(() => undefined);
      return next;
    },
  };
}
