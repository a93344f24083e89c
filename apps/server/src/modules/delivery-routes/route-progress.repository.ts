import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.js';
import { routeVisits } from '../../db/schema/index.js';

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
   * The day's device invoices are found by their block's id (stored by the sync), and their
   * figures are summed per route in one pass; only stops and skipped are read per route.
   */
  async progress(db: Tx, day: string, weekday: number) {
    const result = await db.execute(sql`
      with sales as (
        select r.id as route_id,
          count(*)::int as invoices,
          count(distinct s.customer_id)::int as done,
          sum(i.total - i.amount_credited)::bigint as sold,
          sum(i.paid)::bigint as collected,
          max(i.created_at) as last_sync,
          sum(f.open)::int as flags
        from invoices i
        join number_blocks b on b.id = i.number_block_id
        join delivery_routes r on r.driver_id = b.user_id
        left join route_stops s on s.route_id = r.id and s.weekday = ${weekday} and s.customer_id = i.customer_id
        cross join lateral (select count(*) as open from device_flags df
          where df.invoice_id = i.id and df.resolved_at is null) f
        where i.date = ${day} and i.device_id is not null
        group by r.id
      )
      select r.id as route_id, r.name as route, u.username as driver, r.truck,
        (select count(*) from route_stops s where s.route_id = r.id and s.weekday = ${weekday})::int as stops,
        coalesce(p.done, 0) as done,
        (select count(*) from route_visits v
          join route_stops s on s.route_id = r.id and s.weekday = ${weekday} and s.customer_id = v.customer_id
          where v.user_id = r.driver_id and v.day = ${day} and v.state = 'skipped')::int as skipped,
        coalesce(p.invoices, 0) as invoices,
        coalesce(p.sold, 0) as sold,
        coalesce(p.collected, 0) as collected,
        p.last_sync,
        coalesce(p.flags, 0) as flags
      from delivery_routes r join users u on u.id = r.driver_id
      left join sales p on p.route_id = r.id
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
