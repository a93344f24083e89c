import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { routeVisits } from '../../db/schema/index.js';

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/** The office's view of a day's routes, and the stops skipped on the devices. */
export const routeProgressRepository = {
  /** A skip (or its undoing) from a device: the latest one of the day for the stop wins. */
  async saveVisit(db: Tx, values: typeof routeVisits.$inferInsert) {
    await db
      .insert(routeVisits)
      .values(values)
      .onConflictDoUpdate({
        target: [routeVisits.userId, routeVisits.day, routeVisits.customerId],
        set: { state: values.state, reason: values.reason, at: values.at, deviceId: values.deviceId },
        setWhere: sql`${routeVisits.at} <= excluded.at`,
      });
  },

  /**
   * Per route, on a day (and its weekday): the planned stops, the stops with a device invoice of
   * the route's driver (an invoice numbered from one of the driver's blocks), the stops skipped,
   * the invoices with what they sold and collected (cents), the last sync and the open flags.
   */
  async progress(db: Tx, day: string, weekday: number) {
    const result = await db.execute(sql`
      with inv as (
        select i.id, i.customer_id, i.total - i.amount_credited as sold, i.paid, i.created_at, b.user_id
        from invoices i
        join number_blocks b on b.device_id = i.device_id
          and b.numbers @> array[substring(i.invoice_no from 9)::int]
        where i.date = ${day} and i.device_id is not null
      )
      select r.id as route_id, r.name as route, u.username as driver, r.truck,
        (select count(*) from route_stops s where s.route_id = r.id and s.weekday = ${weekday})::int as stops,
        (select count(distinct inv.customer_id) from inv
          join route_stops s on s.route_id = r.id and s.weekday = ${weekday} and s.customer_id = inv.customer_id
          where inv.user_id = r.driver_id)::int as done,
        (select count(*) from route_visits v
          join route_stops s on s.route_id = r.id and s.weekday = ${weekday} and s.customer_id = v.customer_id
          where v.user_id = r.driver_id and v.day = ${day} and v.state = 'skipped')::int as skipped,
        (select count(*) from inv where inv.user_id = r.driver_id)::int as invoices,
        (select coalesce(sum(inv.sold), 0) from inv where inv.user_id = r.driver_id)::bigint as sold,
        (select coalesce(sum(inv.paid), 0) from inv where inv.user_id = r.driver_id)::bigint as collected,
        (select max(inv.created_at) from inv where inv.user_id = r.driver_id) as last_sync,
        (select count(*) from device_flags f join inv on inv.id = f.invoice_id
          where inv.user_id = r.driver_id and f.resolved_at is null)::int as flags
      from delivery_routes r join users u on u.id = r.driver_id
      order by r.name, r.id`);
    return rowsOf(result).map((r) => ({
      routeID: Number(r.route_id),
      route: String(r.route),
      driver: String(r.driver),
      truck: String(r.truck),
      stops: Number(r.stops),
      done: Number(r.done),
      skipped: Number(r.skipped),
      invoices: Number(r.invoices),
      sold: Number(r.sold),
      collected: Number(r.collected),
      lastSync: r.last_sync ? new Date(r.last_sync as string).toISOString() : null,
      flags: Number(r.flags),
    }));
  },
};
