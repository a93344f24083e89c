import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import { MAX_UPLOAD_BYTES } from '@wd/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import secureJson from 'secure-json-parse';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { AppContext } from './lib/context.js';
import { STORED_FILE_CSP } from './lib/send-file.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { barcodeImagesRoutes, barcodesRoutes } from './modules/barcodes/barcodes.routes.js';
import { billerLogoRoutes, billersRoutes } from './modules/billers/billers.routes.js';
import { customersRoutes, resaleCertificateFileRoutes } from './modules/customers/customers.routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { deliveryRoutesRoutes } from './modules/delivery-routes/delivery-routes.routes.js';
import { deviceFlagsRoutes } from './modules/device-flags/device-flags.routes.js';
import { expensesRoutes } from './modules/expenses/expenses.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { importsRoutes } from './modules/imports/imports.routes.js';
import { ediRoutes } from './modules/invoice-documents/edi.routes.js';
import { invoiceDocumentsRoutes } from './modules/invoice-documents/invoice-documents.routes.js';
import { invoicePdfRoutes } from './modules/invoice-documents/invoice-pdf.routes.js';
import { invoiceDraftsRoutes } from './modules/invoices/invoice-drafts.routes.js';
import { invoicesRoutes } from './modules/invoices/invoices.routes.js';
import { outboxRoutes } from './modules/outbox/outbox.routes.js';
import { chequeImageRoutes, paymentsRoutes } from './modules/payments/payments.routes.js';
import { priceGroupsRoutes } from './modules/price-groups/price-groups.routes.js';
import { productGroupsRoutes } from './modules/product-groups/product-groups.routes.js';
import { productsRoutes } from './modules/products/products.routes.js';
import { receiptImageRoutes, receiptsRoutes } from './modules/receipts/receipts.routes.js';
import { receivablesRoutes } from './modules/receivables/receivables.routes.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { settlementsRoutes } from './modules/settlements/settlements.routes.js';
import { stockRoutes } from './modules/stock/stock.routes.js';
import { supplierInvoicesRoutes } from './modules/supplier-invoices/supplier-invoices.routes.js';
import { suppliersRoutes } from './modules/suppliers/suppliers.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { authPlugin } from './plugins/auth.js';
import { clientErrorHandler, errorsPlugin, frameworkErrors, serializeError } from './plugins/errors.js';
import { idempotencyPlugin } from './plugins/idempotency.js';
import { openapiPlugin } from './plugins/openapi.js';
import { rollupsPlugin } from './plugins/rollups.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { staticPlugin } from './plugins/static.js';

/** Every area's routes, mounted under /api. A new area adds its plugin here. */
const modules = [
  healthRoutes,
  usersRoutes,
  productsRoutes,
  productGroupsRoutes,
  priceGroupsRoutes,
  barcodesRoutes,
  billersRoutes,
  customersRoutes,
  suppliersRoutes,
  expensesRoutes,
  invoicesRoutes,
  invoiceDraftsRoutes,
  invoiceDocumentsRoutes,
  ediRoutes,
  invoicePdfRoutes,
  supplierInvoicesRoutes,
  paymentsRoutes,
  reportsRoutes,
  receivablesRoutes,
  receiptsRoutes,
  dashboardRoutes,
  deliveryRoutesRoutes,
  deviceFlagsRoutes,
  stockRoutes,
  settlementsRoutes,
  outboxRoutes,
  settingsRoutes,
  auditRoutes,
  importsRoutes,
];
/** Routes outside /api: images and stored files. */
const fileRoutes = [
  barcodeImagesRoutes,
  billerLogoRoutes,
  resaleCertificateFileRoutes,
  chequeImageRoutes,
  receiptImageRoutes,
];

export interface BuildOptions {
  database: Pick<Database, 'db' | 'kind'>;
  config: Config;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: NodeJS.WritableStream;
}

export async function buildApp({ database, config, logStream }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : // Errors are logged without the values of a failed query (docs/security.md "Logs").
          {
            level: config.logLevel,
            serializers: { err: (error) => serializeError(error) as { type: string; message: string; stack: string } },
            ...(logStream ? { stream: logStream } : {}),
          },
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    // Errors before any route (too long a path parameter, bad URL encoding, what Node's parser refuses) answer { message }.
    frameworkErrors,
    clientErrorHandler,
  });
  // An empty JSON body is no body (list calls then use their defaults) rather than a 400.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      // Same guard as Fastify's own parser: no __proto__ / constructor.prototype poisoning.
      done(null, secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }));
    } catch {
      done(Object.assign(new SyntaxError('The request body is not valid JSON'), { statusCode: 400 }), undefined);
    }
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const ctx: AppContext = { db: database.db, config, kind: database.kind };
  app.decorate('ctx', ctx);

  await app.register(securityHeadersPlugin, { webRoot: config.webDist });
  await app.register(errorsPlugin);
  // Uploads: one image of at most 10 MB (413 beyond); the content is checked where it is read.
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20 } });
  await app.register(openapiPlugin);
  await app.register(authPlugin);
  await app.register(idempotencyPlugin);
  await app.register(rollupsPlugin);
  // Answers of 1 KB and more travel brotli- or gzip-compressed to a client that accepts it (a route's
  // download is a tenth of its size on a phone's signal). It hooks each route registered after it, and
  // a route's hooks run after the app-wide ones: the idempotency plugin stores the plain body, which is
  // compressed again on each replay. Built assets arrive already compressed and are left alone; PDFs
  // and images are not compressible types.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(
    async (api) => {
      for (const routes of modules) await api.register(routes);
    },
    { prefix: '/api' },
  );
  await app.register(async (files) => {
    // Each file route sends through sendStoredFile; this net gives one that does not the same sandbox.
    files.addHook('onSend', async (_request, reply, payload) => {
      reply.header('x-content-type-options', 'nosniff').header('content-security-policy', STORED_FILE_CSP);
      if (!reply.hasHeader('content-disposition')) reply.header('content-disposition', 'attachment');
      return payload;
    });
    for (const routes of fileRoutes) await files.register(routes);
  });
  await app.register(staticPlugin, { root: config.webDist });
  return app;
}
