import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render';
import { PaymentModal, type PaymentTarget } from './PaymentModal';

const target = (over: Partial<PaymentTarget> = {}): PaymentTarget => ({
  kind: 'customer',
  id: 41,
  invoiceNo: 'Invoice/41',
  total: 10.1,
  balance: 10.1,
  billerID: 2,
  ...over,
});

/** The payment part of a multipart request, as the server reads it. */
const paymentOf = (body: unknown) => JSON.parse(String((body as FormData).get('payment')));

describe('Add Payment', () => {
  it('a cheque needs its number (the contract says so, under the field), then sends the payment in dollars', async () => {
    const api = fakeApi({ 'POST /payment/insert': { body: { payment: { id: 1 } } } });
    renderScreen(<PaymentModal target={target()} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    // Biller 2: a cheque, for the balance.
    const add = within(dialog).getByRole('button', { name: 'Add Payment' });
    await waitFor(() => expect(add).toHaveProperty('disabled', true));
    expect(within(dialog).getByText('Please enter the Cheque No.')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('Cheque No'), '4411');
    await waitFor(() => expect(add).toHaveProperty('disabled', false));
    const amount = within(dialog).getByLabelText('Amount');
    await userEvent.clear(amount);
    await userEvent.type(amount, '3.3');
    // What is due after it is the server's own rule, in cents: 10.10 - 3.30.
    await waitFor(() => expect(within(dialog).getByTestId('payment-amount-due').textContent).toBe('$6.80'));
    fireEvent.click(add);
    await waitFor(() => expect(api.sent).toHaveLength(1));
    expect(api.sent[0].path).toBe('/payment/insert');
    expect(paymentOf(api.sent[0].body)).toMatchObject({
      invoiceID: 41,
      paymentType: 'cheque',
      amountPaid: 3.3,
      chequeNo: '4411',
      discountRedeemed: 0,
    });
  });

  it("a payment of nothing can't be sent; the server's refusal shows in the dialog", async () => {
    fakeApi({ 'POST /payment/insert': { status: 409, body: { message: 'The invoice was paid meanwhile' } } });
    renderScreen(<PaymentModal target={target({ billerID: 1 })} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    const add = within(dialog).getByRole('button', { name: 'Add Payment' });
    const amount = within(dialog).getByLabelText('Amount');
    await userEvent.clear(amount);
    await waitFor(() => expect(add).toHaveProperty('disabled', true));
    await userEvent.type(amount, '1');
    await waitFor(() => expect(add).toHaveProperty('disabled', false));
    fireEvent.click(add);
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The invoice was paid meanwhile');
  });

  it('a supplier payment has no discount or award points and starts as cash', async () => {
    fakeApi({});
    renderScreen(<PaymentModal target={target({ kind: 'supplier', billerID: undefined })} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByLabelText('Discount')).toBeNull();
    expect(within(dialog).queryByLabelText('Award points')).toBeNull();
    expect((within(dialog).getByLabelText('Payment Type') as HTMLInputElement).value).toBe('Cash');
  });

  it('a Save whose answer was refused takes a new key; a lost answer keeps it for the next Save', async () => {
    let answer = { status: 503, body: { message: 'Too many changes at once' } };
    const api = fakeApi({ 'POST /payment/insert': () => answer });
    renderScreen(<PaymentModal target={target({ billerID: 1 })} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    const add = within(dialog).getByRole('button', { name: 'Add Payment' });
    await waitFor(() => expect(add).toHaveProperty('disabled', false));
    // Busy three times (the client sends it again twice by itself): the outcome is unknown.
    fireEvent.click(add);
    expect(await within(dialog).findByRole('alert', {}, { timeout: 6000 })).toBeTruthy();
    expect(api.sent).toHaveLength(3);
    const first = api.sent[0].idempotencyKey;
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(api.sent.map((r) => r.idempotencyKey))).toEqual(new Set([first]));
    // Save again: the same payment, the same key; refused this time.
    answer = { status: 409, body: { message: 'The invoice was paid meanwhile' } };
    fireEvent.click(add);
    await waitFor(() => expect(api.sent).toHaveLength(4));
    expect(api.sent[3].idempotencyKey).toBe(first);
    await within(dialog).findByText('The invoice was paid meanwhile');
    // A refusal changed nothing: the next Save is a new request.
    fireEvent.click(add);
    await waitFor(() => expect(api.sent).toHaveLength(5));
    expect(api.sent[4].idempotencyKey).not.toBe(first);
  }, 15_000);
});
