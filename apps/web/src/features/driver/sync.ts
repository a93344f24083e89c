import { callRoutes, type DeviceInvoiceInput, type DeviceInvoiceResult } from '@wd/contracts';
import { ApiError, callApi, newIdempotencyKey } from '../../lib/api-client';
import { session } from '../../lib/session';
import { type DeviceInvoice, deviceId, driverDb } from './db';
import { deviceTotals } from './pricing';

const { routeCalls } = callRoutes;

/**
 * The device's outgoing queue (docs/route-mode.md): every final invoice waits here, with its own
 * Idempotency-Key, until the server answered it. Items go in order; a connection that fails stops
 * the round (the rest waits for the next); a refusal is kept with its reason, never dropped.
 */

/**
 * Answers worth trying again later: the session must be renewed, the server could not take it
 * now, or it asks to wait (a 409 with Retry-After: the same request is still being carried out).
 */
const retryLater = (error: ApiError) =>
  error.status === 401 ||
  error.status === 408 ||
  error.status === 429 ||
  error.status >= 500 ||
  error.retryAfter !== undefined;

export class NoNumbersLeft extends Error {
  constructor() {
    super('No invoice numbers left on this device: connect and download to get more');
  }
}

/** What the server stores for a device invoice, from the invoice as the device keeps it. */
export function syncBody(inv: DeviceInvoice): DeviceInvoiceInput {
  const totals = deviceTotals(inv.lines);
  return {
    deviceID: inv.deviceID,
    number: inv.number ?? 0,
    type: inv.type,
    customerID: inv.customerID,
    date: inv.date,
    printedAt: inv.printedAt,
    lines: inv.lines,
    payments: inv.payments.map((p) => ({
      paymentType: p.paymentType,
      amount: p.amount,
      chequeNo: p.chequeNo,
      ...(p.chequeImage ? { chequeImage: p.chequeImage } : {}),
    })),
    totals: { total: totals.total / 100, amountCredited: totals.amountCredited / 100 },
    proof: inv.proof,
  };
}

/**
 * Makes a draft final: it takes the lowest free number of the device's blocks, the stop is done,
 * and the invoice joins the queue, all in one storage transaction (nothing half-done if the
 * page closes). Answers the number.
 */
export async function finalizeInvoice(localId: string): Promise<number> {
  return driverDb.transaction('rw', [driverDb.invoices, driverDb.numbers, driverDb.queue, driverDb.stops], async () => {
    const inv = await driverDb.invoices.get(localId);
    if (!inv) throw new Error('This invoice is not on the device');
    if (inv.state === 'final' && inv.number) return inv.number;
    const free = await driverDb.numbers.where('usedBy').equals('').sortBy('number');
    if (free.length === 0) throw new NoNumbersLeft();
    const number = free[0].number;
    await driverDb.numbers.update(number, { usedBy: localId });
    await driverDb.invoices.update(localId, { state: 'final', number });
    await driverDb.stops.update(inv.customerID, { state: 'done' });
    await driverDb.queue.add({
      key: newIdempotencyKey(),
      userId: inv.userId,
      kind: 'invoice',
      localId,
      label: `Invoice/${number} · ${inv.customer}`,
      state: 'waiting',
      attempts: 0,
      lastError: '',
      answer: null,
      queuedAt: new Date().toISOString(),
      sentAt: null,
    });
    return number;
  });
}

/** A stop skipped (or taken back) on the device: saved at once, and queued for the office. */
export async function setStopState(customerID: number, state: 'skipped' | 'next', reason: string) {
  const meta = await driverDb.meta.get('download');
  const stop = await driverDb.stops.get(customerID);
  if (!meta || !stop) return;
  await driverDb.transaction('rw', [driverDb.stops, driverDb.queue], async () => {
    await driverDb.stops.update(customerID, { state, skipReason: state === 'skipped' ? reason : '' });
    await driverDb.queue.add({
      key: newIdempotencyKey(),
      userId: meta.userId,
      kind: 'visit',
      localId: '',
      visit: { deviceID: deviceId(), date: meta.date, customerID, state, reason, at: new Date().toISOString() },
      label: `${state === 'skipped' ? 'Skipped' : 'Back on the list'} · ${stop.customer}`,
      state: 'waiting',
      attempts: 0,
      lastError: '',
      answer: null,
      queuedAt: new Date().toISOString(),
      sentAt: null,
    });
  });
  void syncNow();
}

let running: Promise<SyncRound> | null = null;

export interface SyncRound {
  sent: number;
  refused: number;
  waiting: number;
  error: string | null;
}

/** Sends what waits, in order; one round at a time (a second call joins the running one). */
export function syncNow(): Promise<SyncRound> {
  running ??= round().finally(() => {
    running = null;
  });
  return running;
}

async function round(): Promise<SyncRound> {
  const user = session.get();
  const result: SyncRound = { sent: 0, refused: 0, waiting: 0, error: null };
  if (!user) return result;
  // What waits is read again once it is all sent: an invoice queued while the round ran (a "Sync
  // now" joins the running round) goes in this round, not 30 s later.
  const tried = new Set<number>();
  for (;;) {
    const items = (await driverDb.queue.where('state').equals('waiting').sortBy('seq')).filter(
      (i) => i.userId === user.id && !tried.has(i.seq!),
    );
    if (items.length === 0) return result;
    for (const [index, item] of items.entries()) {
      tried.add(item.seq!);
      const inv = item.kind === 'invoice' ? await driverDb.invoices.get(item.localId) : undefined;
      if (item.kind === 'invoice' && !inv) {
        await driverDb.queue.update(item.seq!, { state: 'refused', lastError: 'The invoice is missing on the device' });
        result.refused += 1;
        continue;
      }
      try {
        let answer: DeviceInvoiceResult | null = null;
        if (inv) answer = await callApi(routeCalls.syncInvoice, { body: syncBody(inv), idempotencyKey: item.key });
        else if (item.visit) await callApi(routeCalls.visit, { body: item.visit, idempotencyKey: item.key });
        await driverDb.queue.update(item.seq!, {
          state: 'sent',
          answer,
          sentAt: new Date().toISOString(),
          lastError: '',
        });
        result.sent += 1;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (error instanceof ApiError && !retryLater(error)) {
          await driverDb.queue.update(item.seq!, { state: 'refused', lastError: message, attempts: item.attempts + 1 });
          result.refused += 1;
          continue;
        }
        await driverDb.queue.update(item.seq!, { attempts: item.attempts + 1, lastError: message });
        result.error = message;
        result.waiting = items.length - index;
        return result;
      }
    }
  }
}

/** Syncs when the connection comes back and every 30 s while online. Call once. */
export function startBackgroundSync() {
  const kick = () => {
    if (navigator.onLine) void syncNow();
  };
  window.addEventListener('online', kick);
  const timer = setInterval(kick, 30_000);
  kick();
  return () => {
    window.removeEventListener('online', kick);
    clearInterval(timer);
  };
}
