import { defineCalls } from '../common/call.js';
import { messageSchema } from '../common/errors.js';
import { idParams } from '../common/fields.js';
import { listBody } from '../common/list.js';
import {
  dayRouteResponse,
  numberBlockResponse,
  numberBlocksResponse,
  reserveNumbersBody,
  routeDownloadBody,
  routeDownloadResponse,
  routeInput,
  routeProgressBody,
  routeProgressResponse,
  routeResponse,
  routesResponse,
  routeUpdateInput,
  routeVisitBody,
} from '../delivery-routes.js';
import { deviceInvoiceBody, deviceInvoiceResponse } from '../device-invoices.js';

/** Delivery routes (admins keep them), the driver's day, and the device's invoice number blocks. */
export const routeCalls = defineCalls('routes', {
  list: {
    method: 'POST',
    reads: true,
    path: '/route/all',
    summary: 'Delivery routes (search by name, truck or driver)',
    body: listBody,
    response: routesResponse,
  },
  create: {
    method: 'POST',
    path: '/route/new',
    summary: 'Create a route (admins only)',
    auth: 'admin',
    body: routeInput,
    response: routeResponse,
    errors: [404, 409],
  },
  update: {
    method: 'PATCH',
    path: '/route/update',
    summary: "Change a route (admins only); `stops`, when sent, replaces the route's stops",
    auth: 'admin',
    body: routeUpdateInput,
    response: routeResponse,
    errors: [404, 409],
  },
  delete: {
    method: 'DELETE',
    path: '/route/delete/:id',
    summary: 'Delete a route and its stops (admins only)',
    auth: 'admin',
    params: idParams,
    response: messageSchema,
    errors: [404],
  },
  today: {
    method: 'POST',
    reads: true,
    path: '/route/today',
    summary: "The signed-in driver's stops for today, with each customer's open balance and credit limit",
    response: dayRouteResponse,
  },
  download: {
    method: 'POST',
    path: '/route/download',
    summary:
      "The driver's morning download: today's stops, the catalog, the stops' group prices, the settings and a block of invoice numbers for the device",
    body: routeDownloadBody,
    response: routeDownloadResponse,
  },
  syncInvoice: {
    method: 'POST',
    path: '/route/invoice',
    summary:
      "Store an invoice made on the driver's device as printed (its number from the device's block, its lines, payments and proof of delivery); a repeat answers the stored invoice",
    body: deviceInvoiceBody,
    response: deviceInvoiceResponse,
    errors: [404, 409],
  },
  visit: {
    method: 'POST',
    path: '/route/visit',
    summary: 'Record a stop skipped on the driver’s device (with the reason), or taken back',
    body: routeVisitBody,
    response: messageSchema,
    errors: [404],
  },
  progress: {
    method: 'POST',
    reads: true,
    path: '/route/progress',
    summary:
      "Each route's day as the devices synced it: stops done and skipped, invoices, sold, collected (admins only)",
    auth: 'admin',
    body: routeProgressBody,
    response: routeProgressResponse,
  },
  reserveNumbers: {
    method: 'POST',
    path: '/route/numbers/reserve',
    summary: "Reserve a block of invoice numbers for the caller's device (today's open block when it has one)",
    body: reserveNumbersBody,
    response: numberBlockResponse,
  },
  releaseNumbers: {
    method: 'POST',
    path: '/route/numbers/release/:id',
    summary: 'Release a number block: its unused numbers become void (its driver or an admin)',
    params: idParams,
    response: messageSchema,
    errors: [403, 404, 409],
  },
  numberBlocks: {
    method: 'POST',
    reads: true,
    path: '/route/numbers/all',
    summary: 'Number blocks, newest first, with the numbers used (admins only)',
    auth: 'admin',
    body: listBody,
    response: numberBlocksResponse,
  },
  get: {
    method: 'POST',
    reads: true,
    path: '/route/:id',
    summary: 'One route with its stops',
    params: idParams,
    response: routeResponse,
    errors: [404],
  },
});
