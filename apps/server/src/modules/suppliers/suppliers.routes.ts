import { SUPPLIER_CSV, supplierCalls } from '@wd/contracts';
import type { FastifyInstance } from 'fastify';
import { csvExportHandler } from '../../lib/export.js';
import { recordHandlers, registerCalls } from '../../lib/routes.js';
import { suppliersRepository } from './suppliers.repository.js';
import { createSuppliersService } from './suppliers.service.js';

export async function suppliersRoutes(app: FastifyInstance) {
  const service = createSuppliersService(app.ctx);
  registerCalls(app, supplierCalls, {
    ...recordHandlers('distributor', service),
    export: csvExportHandler(app.ctx, 'suppliers', SUPPLIER_CSV, suppliersRepository.csvQuery),
  });
}
