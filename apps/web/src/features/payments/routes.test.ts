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
  it.each([
    ['/payment/invoice/5', 'customer', 'invoice', 'Invoice Payments'],
    ['/payment/customer/5', 'customer', 'party', 'Customer Payments'],
    ['/distributors/invoices/5/payments', 'supplier', 'invoice', 'Supplier Invoice Payments'],
    ['/distributors/5/payments', 'supplier', 'party', 'Supplier Payments'],
  ])('%s: the route gives the kind and whose payments, not the URL text', (url, kind, of, title) => {
    expect(screenAt(url).screen).toMatchObject({ kind, of, title });
  });

  it('keep the page titles and where Back goes', () => {
    for (const route of paymentsRoutes) {
      const screen = (route.loader as () => PaymentHistoryScreen)();
      expect(route.handle?.title).toBe(screen.title);
    }
    expect(screenAt('/payment/invoice/5').screen?.back(5)).toBe('/invoices/edit/5');
    expect(screenAt('/distributors/invoices/5/payments').screen?.back(5)).toBe('/distributors/invoices');
  });
});
