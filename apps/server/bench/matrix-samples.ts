// The records the matrix (bench/matrix.ts) fills its ids with: for a path's `:id` and for each
// id or text filter, the record with the most rows behind it, so that a case measures the worst
// a user meets. A call or filter missing here is reported as not measured, naming this file.

const BUSIEST_CUSTOMER =
  'select customer_id as id from invoices where customer_id is not null group by 1 order by count(*) desc, 1 limit 1';

/** The id a path's `:id` takes for each call: the record with the most rows behind it (the worst case). */
export const PARAM_SAMPLES: Record<string, string> = {
  'invoice.items': 'select invoice_id as id from invoice_items group by 1 order by count(*) desc, 1 limit 1',
  'payment.invoiceHistory': 'select invoice_id as id from payments group by 1 order by count(*) desc, 1 limit 1',
  'payment.partyHistory': BUSIEST_CUSTOMER,
  'receivables.statement': BUSIEST_CUSTOMER,
  'priceGroup.items': 'select price_group_id as id from price_group_items group by 1 order by count(*) desc, 1 limit 1',
  'priceGroup.productGroups':
    'select price_group_id as id from price_group_items group by 1 order by count(*) desc, 1 limit 1',
  'productGroup.members':
    'select product_group_id as id from products where product_group_id is not null group by 1 order by count(*) desc, 1 limit 1',
  'supplierPayment.invoiceHistory':
    'select invoice_id as id from distributor_payments group by 1 order by count(*) desc, 1 limit 1',
  'supplierPayment.partyHistory':
    'select i.distributor_id as id from distributor_payments p join distributor_invoices i on i.id = p.invoice_id group by 1 order by count(*) desc, 1 limit 1',
};

/** A filter field's sample (as body fields), by the field's name: again the busiest. */
export const FIELD_SAMPLES: Record<
  string,
  { sql: string; body: (row: Record<string, unknown>) => Record<string, unknown> }
> = {
  biller: {
    sql: 'select biller_id as id from invoices group by 1 order by count(*) desc, 1 limit 1',
    body: (r) => ({ biller: r.id }),
  },
  customer: { sql: BUSIEST_CUSTOMER, body: (r) => ({ customer: r.id }) },
  distributor: {
    sql: 'select distributor_id as id from distributor_invoices group by 1 order by count(*) desc, 1 limit 1',
    body: (r) => ({ distributor: r.id }),
  },
  driverID: {
    sql: 'select driver_id as id from delivery_routes where driver_id is not null order by id limit 1',
    body: (r) => ({ driverID: r.id }),
  },
  locationID: {
    sql: 'select location_id as id from stock_movements group by 1 order by count(*) desc, 1 limit 1',
    body: (r) => ({ locationID: r.id }),
  },
  productID: {
    sql: 'select product_id as id from stock_movements group by 1 order by count(*) desc, 1 limit 1',
    body: (r) => ({ productID: r.id }),
  },
  routeID: {
    sql: 'select route_id as id from route_stops group by 1 order by count(*) desc, 1 limit 1',
    body: (r) => ({ routeID: r.id }),
  },
  userId: {
    sql: 'select user_id as id from audit_log where user_id is not null group by 1 order by count(*) desc, 1 limit 1',
    body: (r) => ({ userId: r.id }),
  },
  entity: {
    sql: 'select entity from audit_log group by 1 order by count(*) desc, 1 limit 1',
    body: (r) => ({ entity: r.entity }),
  },
  entityId: {
    sql: 'select entity, entity_id as id from audit_log where entity_id is not null group by 1, 2 order by count(*) desc, 1, 2 limit 1',
    body: (r) => ({ entity: r.entity, entityId: r.id }),
  },
};
