import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InvoiceItem } from '@wd/contracts';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render';
import { LinesTable } from './LinesTable';

const line: InvoiceItem = {
  id: 7,
  invoiceID: 3,
  productID: 12,
  productName: 'Case of soda',
  barcode: '012345678905',
  costPrice: 8,
  sellingPrice: 12.5,
  suggestedRetailPrice: 15,
  quantity: 2,
  subtotal: 25,
  damagedGood: false,
};

const history = {
  'POST /invoice/productHistory/7': {
    body: {
      invoiceItem: line,
      priceHistory: [
        { date: '2026-10-02', invoiceNo: 'Invoice/2', sellingPrice: 11.75, suggestedRetailPrice: 14, quantity: 4 },
      ],
    },
  },
};

/** Opens the price dialog of the line and types a new selling price. */
async function editPrice(onChange: (l: InvoiceItem, change: object) => Promise<boolean>) {
  fakeApi(history);
  renderScreen(<LinesTable lines={[line]} onChange={onChange} onDelete={async () => true} />);
  fireEvent.click(screen.getByRole('button', { name: /edit price of Case of soda$/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Price · Case of soda' });
  // The customer's earlier price is beside the fields.
  expect(await within(dialog).findByText('$11.75')).toBeTruthy();
  const selling = within(dialog).getByLabelText('Selling price');
  await userEvent.clear(selling);
  await userEvent.type(selling, '13.1');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  return dialog;
}

describe('the price dialog of an invoice line', () => {
  it('saves the typed prices in dollars and closes once the server took them', async () => {
    const onChange = vi.fn(async () => true);
    const dialog = await editPrice(onChange);
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    expect(onChange).toHaveBeenCalledWith(line, { sellingPrice: 13.1, suggestedRetailPrice: 15 });
  });

  it('stays open with what was typed when the change is refused, and shows it is saving meanwhile', async () => {
    let refuse: (saved: boolean) => void = () => {};
    const onChange = vi.fn(() => new Promise<boolean>((resolve) => (refuse = resolve)));
    const dialog = await editPrice(onChange);
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save.getAttribute('data-loading')).toBe('true'));
    refuse(false);
    await waitFor(() => expect(save.getAttribute('data-loading')).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Price · Case of soda' })).toBeTruthy();
    expect(within(dialog).getByLabelText<HTMLInputElement>('Selling price').value).toBe('$13.10');
  });
});
