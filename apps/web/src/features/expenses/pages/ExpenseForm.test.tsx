import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render';
import { ExpenseForm } from './ExpenseFormPage';

const billers = {
  billers: [
    { id: 1, company: 'My Company' },
    { id: 2, company: 'My Second Company' },
  ],
};
const expense = {
  id: 7,
  reference: 'EXP-000007',
  date: '2026-11-02',
  billerID: 2,
  biller: 'My Second Company',
  expense: 'Fuel',
  category: 'Truck',
  amount: 41.5,
};

describe('a record form is validated by its contract', () => {
  it("refuses what the server would, with the server's words, and sends nothing", async () => {
    const api = fakeApi({ 'POST /supplier/all': { body: { ...billers, currentPage: 1, numPages: 1, totalRows: 2 } } });
    renderScreen(<ExpenseForm mode="new" />, { url: '/expenses/new' });
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Is required')).toBeTruthy();
    expect(api.sent.filter((r) => r.path === '/expenses/insert')).toHaveLength(0);
  });

  it('sends the body the contract takes (money in dollars) and a server field error lands on its field', async () => {
    const api = fakeApi({
      'POST /supplier/all': { body: { ...billers, currentPage: 1, numPages: 1, totalRows: 2 } },
      'POST /expenses/7': { body: { expense } },
      'PATCH /expenses/update': {
        status: 400,
        body: { message: 'category must be at most 100 characters', field: 'category' },
      },
    });
    renderScreen(<ExpenseForm mode="edit" />, { url: '/expenses/edit/7', path: '/expenses/edit/:id' });
    const amount = await screen.findByLabelText('Expense Amount');
    expect(await screen.findByDisplayValue('Fuel')).toBeTruthy();
    await userEvent.clear(amount);
    await userEvent.type(amount, '12.34');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must be at most 100 characters')).toBeTruthy();
    const sent = api.sent.find((r) => r.path === '/expenses/update');
    expect(sent?.body).toEqual({
      id: 7,
      date: '2026-11-02',
      billerID: 2,
      expense: 'Fuel',
      category: 'Truck',
      amount: 12.34,
    });
  });
});
