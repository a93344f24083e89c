import { type ReportFilter, type ReportName, reportCalls } from '@wd/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sendCsv } from '../../lib/export.js';
import { registerCalls } from '../../lib/routes.js';
import { createReportsService } from './reports.service.js';

export async function reportsRoutes(app: FastifyInstance) {
  const service = createReportsService(app.ctx);
  const csv =
    (name: ReportName) =>
    async ({ body, reply }: { body: ReportFilter; reply: FastifyReply }) => {
      return sendCsv(reply, await service.csv(name, body));
    };
  registerCalls(app, reportCalls, {
    product: ({ body }) => service.report('product', body),
    customer: ({ body }) => service.report('customer', body),
    customerSummary: ({ body }) => service.report('customerSummary', body),
    biller: ({ body }) => service.report('biller', body),
    damagedGoods: ({ body }) => service.report('damagedGoods', body),
    productCsv: csv('product'),
    customerCsv: csv('customer'),
    customerSummaryCsv: csv('customerSummary'),
    billerCsv: csv('biller'),
    damagedGoodsCsv: csv('damagedGoods'),
  });
}
