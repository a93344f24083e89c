import { callRoutes } from '@wd/contracts';
import { callApi } from '../../lib/api-client';
import { session } from '../../lib/session';
import { forgetCatalog } from './catalog';
import { type DownloadMeta, deviceId, driverDb, type StoredStop } from './db';

const { routeCalls } = callRoutes;

const CHUNK = 500;

/**
 * The morning download: one call for the day, then the device's storage is refilled in one
 * transaction, in chunks so `progress` moves. The stops keep what was done today, numbers
 * already on the device keep their use, and drafts and the queue are never touched.
 */
export async function morningDownload(progress: (fraction: number, label: string) => void): Promise<DownloadMeta> {
  const user = session.get();
  if (!user) throw new Error('Sign in first');
  progress(0.05, 'Asking the server for today…');
  const data = await callApi(routeCalls.download, { body: { deviceID: deviceId() } });
  progress(0.4, `Storing ${data.products.length.toLocaleString('en-US')} products…`);
  const meta: DownloadMeta = {
    key: 'download',
    userId: user.id,
    downloadedAt: data.downloadedAt,
    date: data.day.date,
    route: data.day.route,
    settings: data.settings,
    biller: data.biller,
    truckStock: data.truckStock,
  };
  await driverDb.transaction(
    'rw',
    [driverDb.meta, driverDb.stops, driverDb.products, driverDb.groupPrices, driverDb.numbers],
    async () => {
      const before = await driverDb.meta.get('download');
      const kept = new Map((await driverDb.stops.toArray()).map((s) => [s.customerID, s]));
      const stops: StoredStop[] = data.day.stops.map((s) => {
        const old = kept.get(s.customerID);
        const sameDay = old && old.date === data.day.date;
        return {
          ...s,
          date: data.day.date,
          state: sameDay ? old.state : 'next',
          skipReason: sameDay ? old.skipReason : '',
        };
      });
      await driverDb.stops.clear();
      await driverDb.stops.bulkPut(stops);
      await driverDb.products.clear();
      for (let i = 0; i < data.products.length; i += CHUNK) {
        const chunk = data.products.slice(i, i + CHUNK).map((p) => ({ ...p, nameLower: p.name.toLowerCase() }));
        await driverDb.products.bulkPut(chunk);
        progress(
          0.4 + (0.5 * Math.min(i + CHUNK, data.products.length)) / Math.max(1, data.products.length),
          'Storing products…',
        );
      }
      await driverDb.groupPrices.clear();
      await driverDb.groupPrices.bulkPut(data.groupPrices);
      // Another driver's unused numbers are no use to this one (the server would refuse them).
      if (before && before.userId !== user.id) await driverDb.numbers.where('usedBy').equals('').delete();
      const have = new Set((await driverDb.numbers.toArray()).map((n) => n.number));
      const used = new Set(data.block.used);
      await driverDb.numbers.bulkPut(
        data.block.numbers
          .filter((n) => !have.has(n))
          .map((n) => ({ number: n, blockId: data.block.id, usedBy: used.has(n) ? 'server' : '' })),
      );
      await driverDb.meta.put(meta);
    },
  );
  forgetCatalog();
  progress(1, 'Ready');
  return meta;
}
