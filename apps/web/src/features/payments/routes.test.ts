import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { PaymentHistoryScreen } from './histories';
import { paymentsRoutes } from './routes';

/** The screen a URL opens: the route's loader data, as the page reads it. */
function screenAt(url: string) {
  const match = matchRoutes(paymentsRoutes, url)?.at(-1);
  const loader = match?.route.loader as (() => PaymentHistoryScreen) | undefined;
  return { path: match?.route.path, screen: loader?.() };
}

describe('payment history routes', () => {
  it('give each history its kind and whose payments from the route, not the URL text', () => {
    expect(screenAt('/payment/invoice/5').screen).toMatchObject({
      kind: 'customer',
      of: 'invoice',
      title: 'Invoice Payments',
    });
    expect(screenAt('/payment/customer/5').screen).toMatchObject({
      kind: 'customer',
      of: 'party',
      title: 'Customer Payments',
    });
    expect(screenAt('/distributors/invoices/5/payments').screen).toMatchObject({
      kind: 'supplier',
      of: 'invoice',
      title: 'Supplier Invoice Payments',
    });
    expect(screenAt('/distributors/5/payments').screen).toMatchObject({
      kind: 'supplier',
      of: 'party',
      title: 'Supplier Payments',
    });
  });

  it('keep the page titles and where Back goes', () => {
    for (const route of paymentsRoutes) {
      const screen = (route.loader as () => PaymentHistoryScreen)();
      expect(route.handle?.title).toBe(screen.title);
    }
    expect(screenAt('/payment/invoice/5').screen?.back('5')).toBe('/invoices/edit/5');
    expect(screenAt('/distributors/invoices/5/payments').screen?.back('5')).toBe('/distributors/invoices');
  });
});
