import { describe, expect, it } from 'vitest';
import type { DeviceInvoice, DeviceLine, QueueItem } from './db';
import { truckNow } from './truck';

const line = (productID: number, quantity: number, damaged = false): DeviceLine => ({
  productID,
  productName: `P${productID}`,
  barcode: '',
  quantity,
  damaged,
  costPrice: 1,
  sellingPrice: 2,
  suggestedRetailPrice: 3,
});
const invoice = (localId: string, state: 'draft' | 'final', lines: DeviceLine[]): DeviceInvoice => ({
  localId,
  userId: 5,
  deviceID: 'device-1',
  state,
  type: 'invoice',
  customerID: 11,
  customer: 'Express Mart',
  priceGroupID: 1,
  date: '2026-11-26',
  number: 101,
  lines,
  payments: [],
  proof: null,
  printedAt: null,
  createdAt: '2026-11-26T15:00:00.000Z',
});
const queued = (localId: string, state: QueueItem['state'], sentAt: string | null): QueueItem => ({
  key: `key-${localId}`,
  userId: 5,
  kind: 'invoice',
  localId,
  label: localId,
  state,
  attempts: 1,
  lastError: '',
  answer: null,
  queuedAt: '2026-11-26T15:00:00.000Z',
  sentAt,
});

describe("the truck's stock on the phone", () => {
  it('takes off what the device sold that the server had not counted at the download, and puts back resellable returns', () => {
    const downloadedAt = '2026-11-26T14:00:00.000Z';
    const lines = truckNow(
      [
        { productID: 1, quantity: 48 },
        { productID: 2, quantity: 24 },
      ],
      downloadedAt,
      [
        // Waiting to be sent: 3 sold, 1 back, 1 damaged (to the office's bin, not the truck).
        invoice('a', 'final', [line(1, 3), line(1, -1), line(2, -1, true)]),
        // Sent before the download: the download's figures already count it.
        invoice('b', 'final', [line(1, 10)]),
        // Sent after the download: not in its figures.
        invoice('c', 'final', [line(2, 4)]),
        // Refused by the server: the goods were handed over all the same.
        invoice('d', 'final', [line(2, 1)]),
        // A draft: nothing handed over yet.
        invoice('e', 'draft', [line(1, 5)]),
      ],
      [
        queued('a', 'waiting', null),
        queued('b', 'sent', '2026-11-26T13:00:00.000Z'),
        queued('c', 'sent', '2026-11-26T16:00:00.000Z'),
        queued('d', 'refused', '2026-11-26T16:00:00.000Z'),
      ],
    );
    expect(lines).toEqual([
      { productID: 1, atDownload: 48, sold: 3, returned: 1, now: 46 },
      { productID: 2, atDownload: 24, sold: 5, returned: 0, now: 19 },
    ]);
  });
});
