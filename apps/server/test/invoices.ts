import type { Invoice, InvoiceCreated, InvoiceItem } from '@wd/contracts';
import type { TestApp } from './helpers.js';

/** Invoice calls the invoice and payment tests share, as the admin. */
export function invoiceCalls(t: () => TestApp) {
  return {
    async newInvoice(type = 'invoice') {
      const app = t();
      return (await app.call('POST', `/api/invoice/new/${type}/`, undefined, app.adminToken)).json()
        .invoice as InvoiceCreated;
    },
    async summary(id: number) {
      const app = t();
      return (await app.call('POST', `/api/invoice/summary/${id}/`, undefined, app.adminToken)).json();
    },
    /** Adds a line by product id and answers it. */
    async addLine(invoiceID: number, productID: number) {
      const app = t();
      return (await app.call('POST', '/api/invoice/insert/', { invoiceID, productID }, app.adminToken)).json()
        .invoiceItem as InvoiceItem;
    },
    /** Changes the header (customerID, date, status 'DUE' to submit, …) and answers the invoice. */
    async setInvoice(id: number, fields: Record<string, unknown>) {
      const app = t();
      return (await app.call('PATCH', '/api/invoice/update/', { id, ...fields }, app.adminToken)).json()
        .invoice as Invoice;
    },
    /**
     * An invoice of `units` of one product (a line and its quantity), with the header `fields`
     * (date, customerID, …), submitted (DUE) unless `submit` is false; answers its id.
     */
    async invoiceOf(productID: number, units: number, fields: Record<string, unknown>, submit = true) {
      const app = t();
      const { id } = await this.newInvoice();
      await this.setInvoice(id, fields);
      const line = await this.addLine(id, productID);
      if (units !== 1) {
        const res = await app.call(
          'PATCH',
          '/api/invoice/update/item/',
          { id: line.id, invoiceID: id, quantity: units },
          app.adminToken,
        );
        if (res.statusCode !== 200) throw new Error(`quantity ${units} refused: ${res.body}`);
      }
      if (submit) await this.setInvoice(id, { status: 'DUE' });
      return id;
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
