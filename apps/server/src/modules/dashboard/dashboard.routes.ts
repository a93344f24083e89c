import { dashboardCalls } from '@wd/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCalls } from '../../lib/routes.js';
import { createDashboardService } from './dashboard.service.js';

/** The dashboard's seven reports/* calls (docs/dashboard.md). */
export async function dashboardRoutes(app: FastifyInstance) {
  const service = createDashboardService(app.ctx);
  registerCalls(app, dashboardCalls, {
    productsTop: ({ body }) => service.topProducts(body),
    productStatus: ({ body }) => service.productStatus(body),
    status: ({ body }) => service.status(body),
    statusOverview: ({ body }) => service.statusOverview(body),
    invoices: ({ body }) => service.recentInvoices(body),
    salesByCategory: ({ body }) => service.salesByCategory(body),
    salesDaily: ({ body }) => service.salesDaily(body),
  });
}
