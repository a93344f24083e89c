import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TypeSelect, typedMatches } from './TypeSelect';

const TYPES = [
  { value: 'cash', label: 'Cash' },
  { value: 'cheque', label: 'Cheque' },
  { value: 'credit', label: 'Credit' },
  { value: 'moneyOrder', label: 'Money Order' },
];

/** A TypeSelect whose value its owner holds, as a form does; `onChange` sees every pick. */
function Owner({ start, onChange }: { start: string | null; onChange(v: string | null): void }) {
  const [value, setValue] = useState(start);
  return (
    <MantineProvider>
      <TypeSelect
        label="Payment Type"
        data={TYPES}
        value={value}
        onChange={(v) => {
          onChange(v);
          setValue(v);
        }}
      />
      <input aria-label="Next" />
    </MantineProvider>
  );
}

/** A TypeSelect whose options come later (still loading as the page opened). */
function Late({ data, value, onChange }: { data: typeof TYPES; value: string; onChange(v: string | null): void }) {
  return (
    <MantineProvider>
      <TypeSelect label="Payment Type" data={data} value={value} onChange={onChange} />
    </MantineProvider>
  );
}

const textOf = (field: HTMLElement) => (field as HTMLInputElement).value;

/** Types into the field as keystrokes do: one change per character, nothing awaited between. */
function typeText(field: HTMLElement, text: string) {
  for (let i = 1; i <= text.length; i++) fireEvent.change(field, { target: { value: text.slice(0, i) } });
}

describe('typedMatches', () => {
  it('lists the labels that start with the text first, then those containing it, each in data order', () => {
    const labels = (text: string) => typedMatches(TYPES, text).map((o) => o.label);
    expect(labels('c')).toEqual(['Cash', 'Cheque', 'Credit']);
    expect(labels(' CHE ')).toEqual(['Cheque']);
    expect(labels('er')).toEqual(['Money Order']);
    expect(labels('o')).toEqual(['Money Order']);
    expect(labels('re')).toEqual(['Credit']);
    expect(labels('zz')).toEqual([]);
    expect(labels('')).toHaveLength(4);
  });

  it('puts a label that starts with the text ahead of an earlier one that only contains it', () => {
    const data = [
      { value: '1', label: 'Main Street Distributing' },
      { value: '2', label: 'Street Foods' },
    ];
    expect(typedMatches(data, 'street').map((o) => o.value)).toEqual(['2', '1']);
  });
});

describe('TypeSelect', () => {
  it('keeps text typed while its options were still loading, and Enter then picks from it', () => {
    const onChange = vi.fn();
    const { rerender } = render(<Late data={[]} value="cash" onChange={onChange} />);
    const field = screen.getByRole('combobox', { name: 'Payment Type' });
    act(() => field.focus());
    for (const text of ['m', 'mo', 'mon']) fireEvent.input(field, { target: { value: text } });
    // The options arrive: the select would set its text to the value's label ("Cash").
    rerender(<Late data={TYPES} value="cash" onChange={onChange} />);
    expect(textOf(field)).toBe('mon');
    const shown = screen.getByRole('option', { name: 'Money Order' });
    expect(shown.getAttribute('data-combobox-selected')).toBe('true');
    fireEvent.keyDown(field, { key: 'Enter', code: 'Enter' });
    expect(onChange).toHaveBeenCalledWith('moneyOrder', expect.anything());
  });

  it('selects the text the select sets as its options arrive, when nothing was typed yet', () => {
    const { rerender } = render(<Late data={[]} value="cheque" onChange={() => {}} />);
    const field = screen.getByRole('combobox', { name: 'Payment Type' }) as HTMLInputElement;
    act(() => field.focus());
    rerender(<Late data={TYPES} value="cheque" onChange={() => {}} />);
    expect(textOf(field)).toBe('Cheque');
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, 'Cheque'.length]);
  });

  it("selects its text as it is focused, unless keys arrived before the focus's frame (they stay)", () => {
    const frames: FrameRequestCallback[] = [];
    const raf = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
    try {
      render(<Owner start="cash" onChange={() => {}} />);
      const field = screen.getByRole('combobox', { name: 'Payment Type' }) as HTMLInputElement;
      act(() => field.focus());
      act(() => {
        for (const f of frames.splice(0)) f(0);
      });
      expect([field.selectionStart, field.selectionEnd]).toEqual([0, 'Cash'.length]);

      act(() => screen.getByLabelText('Next').focus());
      act(() => field.focus());
      // A fast typist: the first key lands before the frame that would select the text.
      fireEvent.input(field, { target: { value: 'M' } });
      act(() => {
        for (const f of frames.splice(0)) f(0);
      });
      expect([field.selectionStart, field.selectionEnd]).toEqual([1, 1]);
      fireEvent.input(field, { target: { value: 'Mo' } });
      expect(textOf(field)).toBe('Mo');
    } finally {
      raf.mockRestore();
    }
  });

  it('picks the best match of the typed text on an Enter pressed before the list redraws', () => {
    const onChange = vi.fn();
    render(<Owner start={null} onChange={onChange} />);
    const field = screen.getByRole('combobox', { name: 'Payment Type' });
    act(() => field.focus());
    typeText(field, 'che');
    fireEvent.keyDown(field, { key: 'Enter', code: 'Enter' });
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith('cheque');
    expect(textOf(field)).toBe('Cheque');
  });

  it('takes the option chosen with the arrows on Enter, not the typed best match', () => {
    const onChange = vi.fn();
    render(<Owner start={null} onChange={onChange} />);
    const field = screen.getByRole('combobox', { name: 'Payment Type' });
    act(() => field.focus());
    typeText(field, 'c');
    fireEvent.keyDown(field, { key: 'ArrowDown', code: 'ArrowDown' });
    fireEvent.keyDown(field, { key: 'Enter', code: 'Enter' });
    expect(onChange.mock.calls).toEqual([['cheque']]);
    expect(textOf(field)).toBe('Cheque');
  });

  it('picks the typed text on Tab too, and leaves the value alone when the text matches nothing', () => {
    const onChange = vi.fn();
    render(<Owner start="cash" onChange={onChange} />);
    const field = screen.getByRole('combobox', { name: 'Payment Type' });
    act(() => field.focus());
    typeText(field, 'mon');
    act(() => screen.getByLabelText('Next').focus());
    expect(onChange).toHaveBeenLastCalledWith('moneyOrder');
    expect(textOf(field)).toBe('Money Order');

    act(() => field.focus());
    typeText(field, 'zz');
    fireEvent.keyDown(field, { key: 'Enter', code: 'Enter' });
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Nothing found').textContent).toBe('Nothing found');
    act(() => screen.getByLabelText('Next').focus());
    expect(textOf(field)).toBe('Money Order');
  });

  it('keeps the value and shows its label again when the text typed is its own', () => {
    const onChange = vi.fn();
    render(<Owner start="credit" onChange={onChange} />);
    const field = screen.getByRole('combobox', { name: 'Payment Type' });
    act(() => field.focus());
    typeText(field, 'cred');
    fireEvent.keyDown(field, { key: 'Enter', code: 'Enter' });
    expect(onChange).not.toHaveBeenCalled();
    expect(textOf(field)).toBe('Credit');
  });

  it('lets Enter through, not prevented, when nothing was typed (the form around may submit on it)', () => {
    const onKeyDown = vi.fn();
    render(
      <MantineProvider>
        <TypeSelect label="Payment Type" data={TYPES} value="cash" onKeyDown={onKeyDown} />
      </MantineProvider>,
    );
    const field = screen.getByRole('combobox', { name: 'Payment Type' });
    act(() => field.focus());
    expect(fireEvent.keyDown(field, { key: 'Enter', code: 'Enter' })).toBe(true);
    expect(onKeyDown).toHaveBeenCalledTimes(1);
    typeText(field, 'che');
    expect(fireEvent.keyDown(field, { key: 'Enter', code: 'Enter' })).toBe(false);
    expect(onKeyDown).toHaveBeenCalledTimes(1);
  });

  it('shows the typed matches best first in its list', async () => {
    render(<Owner start={null} onChange={() => {}} />);
    const field = screen.getByRole('combobox', { name: 'Payment Type' });
    act(() => field.focus());
    fireEvent.click(field);
    typeText(field, 'r');
    const shown = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(shown).toEqual(['Credit', 'Money Order']);
  });
});
