import type { DeviceInvoice, QueueItem } from './db';

export interface TruckLine {
  productID: number;
  /** What the books said at the download. */
  atDownload: number;
  /** Sold since (units) by this device's invoices the server had not counted at the download. */
  sold: number;
  /** Resellable returns put back on the truck since. */
  returned: number;
  /** atDownload − sold + returned. */
  now: number;
}

/**
 * What is on the truck now, as the device knows it: the truck's stock at the morning download,
 * less what this device's final invoices sold since, plus their resellable returns (damaged
 * returns go to the office's damaged bin, not the truck). An invoice counts when the server had not
 * counted it at the download: still waiting, refused (the goods were handed over all the same), or
 * sent after the download.
 */
export function truckNow(
  atDownload: { productID: number; quantity: number }[],
  downloadedAt: string,
  invoices: DeviceInvoice[],
  queue: QueueItem[],
): TruckLine[] {
  const sentAt = new Map(queue.filter((q) => q.kind === 'invoice').map((q) => [q.localId, q]));
  const lines = new Map<number, TruckLine>();
  const line = (productID: number) => {
    let l = lines.get(productID);
    if (!l) {
      l = { productID, atDownload: 0, sold: 0, returned: 0, now: 0 };
      lines.set(productID, l);
    }
    return l;
  };
  for (const s of atDownload) line(s.productID).atDownload = s.quantity;
  for (const inv of invoices) {
    if (inv.state !== 'final') continue;
    const item = sentAt.get(inv.localId);
    const countedByServer = item?.state === 'sent' && item.sentAt !== null && item.sentAt <= downloadedAt;
    if (countedByServer) continue;
    for (const l of inv.lines) {
      if (l.quantity > 0) line(l.productID).sold += l.quantity;
      else if (!l.damaged) line(l.productID).returned -= l.quantity;
    }
  }
  for (const l of lines.values()) l.now = l.atDownload - l.sold + l.returned;
  return [...lines.values()];
}
