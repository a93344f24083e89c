import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeviceFlagRecord } from '@wd/contracts';
import { describe, expect, it } from 'vitest';
import { fakeApi, type SentRequest } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render';
import DeviceFlagsPage from './DeviceFlagsPage';

const open: DeviceFlagRecord = {
  id: 7,
  invoiceID: 41,
  invoiceNo: 'Invoice/1201',
  driver: 'driver.dan',
  deviceID: 'phone-dan-0001',
  kind: 'price',
  message: "Chips: sold at $0.99; the office's price for this customer is $1.09",
  createdAt: '2026-11-26T20:05:00.000Z',
  resolvedAt: null,
  resolvedBy: '',
  note: '',
};
const settled: DeviceFlagRecord = {
  ...open,
  resolvedAt: '2026-11-26T21:00:00.000Z',
  resolvedBy: 'admin',
  note: 'Promo price, approved',
};

/** The server: the open flag until it is settled; the list answers the state it is asked for. */
function server() {
  let flag = open;
  return fakeApi({
    'POST /deviceFlag/all': ({ body }) => {
      const state = (body as { state: string }).state;
      const rows = state === 'all' || (state === 'open') === (flag.resolvedAt === null) ? [flag] : [];
      return { body: { flags: rows, currentPage: 1, numPages: 1, totalRows: rows.length } };
    },
    'POST /deviceFlag/settle/7': ({ body }) => {
      flag = { ...settled, note: (body as { note: string }).note };
      return { body: { flag } };
    },
  });
}
const lists = (sent: SentRequest[]) => sent.filter((r) => r.path === '/deviceFlag/all');

describe('Driver Flags', () => {
  it('lists the open flags with a link to the invoice and a readable kind', async () => {
    const api = server();
    renderScreen(<DeviceFlagsPage />, { url: '/routes/flags' });
    const row = (await screen.findByText(open.message)).closest('tr') as HTMLElement;
    expect(lists(api.sent)[0].body).toMatchObject({ state: 'open' });
    expect(within(row).getByRole('link', { name: 'Invoice/1201' }).getAttribute('href')).toBe('/invoices/41');
    expect(within(row).getByText('Price differs')).toBeTruthy();
    expect(within(row).getByText('driver.dan')).toBeTruthy();
    expect(within(row).getByText('Open')).toBeTruthy();
  });

  it('settles with a required note, then the flag leaves the open list and shows as settled in All', async () => {
    const api = server();
    const { router } = renderScreen(<DeviceFlagsPage />, { url: '/routes/flags' });
    const row = (await screen.findByText(open.message)).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Settle' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Settle' }));
    expect(await within(dialog).findByText('Is required')).toBeTruthy();
    expect(api.sent.filter((r) => r.path.startsWith('/deviceFlag/settle'))).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText(/Note/), '  Promo price, approved ');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Settle' }));
    await waitFor(() => expect(screen.queryByText(open.message)).toBeNull());
    const settle = api.sent.find((r) => r.path === '/deviceFlag/settle/7');
    expect(settle?.body).toEqual({ note: 'Promo price, approved' });
    expect(screen.getByText('No flags')).toBeTruthy();

    await router.navigate('/routes/flags?state=all');
    const after = (await screen.findByText(open.message)).closest('tr') as HTMLElement;
    expect(after.textContent).toContain('Settled by admin: Promo price, approved');
    expect(within(after).queryByRole('button', { name: 'Settle' })).toBeNull();
    expect(lists(api.sent).at(-1)?.body).toMatchObject({ state: 'all' });
  });

  it('asks for Open when the address holds no known state', async () => {
    const api = server();
    renderScreen(<DeviceFlagsPage />, { url: '/routes/flags?state=closed' });
    await screen.findByText(open.message);
    expect(lists(api.sent).every((r) => (r.body as { state: string }).state === 'open')).toBe(true);
  });
});
