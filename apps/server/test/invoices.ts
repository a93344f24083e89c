import type { TestApp } from './helpers.js';

/** Invoice calls the invoice tests share, as the admin. */
export function invoiceCalls(t: () => TestApp) {
  return {
    async newInvoice(type = 'invoice') {
      const app = t();
      return (await app.call('POST', `/api/invoice/new/${type}/`, undefined, app.adminToken)).json().invoice as {
        id: number;
        invoiceNo: string;
      };
    },
    async summary(id: number) {
      const app = t();
      return (await app.call('POST', `/api/invoice/summary/${id}/`, undefined, app.adminToken)).json();
    },
    pay(invoiceID: number, fields: Record<string, unknown>) {
      const app = t();
      return app.call(
        'POST',
        '/api/payment/insert/',
        { invoiceID, date: '2026-11-20', paymentType: 'cash', ...fields },
        app.adminToken,
      );
    },
  };
}
