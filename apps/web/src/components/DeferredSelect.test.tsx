import { MantineProvider, Select, type SelectProps } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DeferredSelect, optionLabel } from './DeferredSelect';

const MONTHS = [
  { value: '1', label: 'January' },
  { value: '7', label: 'July' },
];

/** The field's markup with its ids taken out (React gives each render its own). */
function fieldMarkup(props: SelectProps, Component: typeof Select | typeof DeferredSelect) {
  const { container, unmount } = render(
    <MantineProvider>
      <Component {...props} />
    </MantineProvider>,
  );
  const html = (container.querySelector('.mantine-Select-root') as HTMLElement).outerHTML.replace(
    /mantine-[\w-]+?(?=["-])/g,
    'ID',
  );
  unmount();
  return html;
}

describe('DeferredSelect', () => {
  it("draws exactly the closed Select's markup: empty, with a value, and clearable with a value", () => {
    const cases: SelectProps[] = [
      { label: 'Month', placeholder: 'All', w: 150, data: MONTHS, value: null, clearable: true },
      { label: 'Month', placeholder: 'All', w: 150, data: MONTHS, value: '7', clearable: true },
      { label: 'Show', w: 90, data: ['10', '25'], value: '10', allowDeselect: false },
    ];
    for (const props of cases) {
      const [mine, theirs] = [fieldMarkup(props, DeferredSelect), fieldMarkup(props, Select)];
      expect(mine).toBe(theirs);
    }
  });

  it('opens the real Select with its options on a click, and takes the one picked', async () => {
    const onChange = vi.fn();
    render(
      <MantineProvider>
        <DeferredSelect label="Month" placeholder="All" data={MONTHS} value={null} onChange={onChange} />
      </MantineProvider>,
    );
    fireEvent.click(screen.getByRole('combobox', { name: 'Month' }));
    fireEvent.click(await screen.findByRole('option', { name: 'July' }));
    expect(onChange).toHaveBeenCalledWith('7', expect.objectContaining({ value: '7' }));
  });

  it('puts the real Select in place, focused, when the keyboard reaches it', () => {
    render(
      <MantineProvider>
        <DeferredSelect label="Month" placeholder="All" data={MONTHS} value="1" />
      </MantineProvider>,
    );
    fireEvent.focus(screen.getByRole('combobox', { name: 'Month' }));
    const field = screen.getByRole('combobox', { name: 'Month' });
    expect(document.activeElement).toBe(field);
    expect((field as HTMLInputElement).value).toBe('January');
    expect(screen.queryByRole('option')).toBeNull();
  });

  it('clears a clearable value with its ×, as the Select does', () => {
    const onChange = vi.fn();
    const { container } = render(
      <MantineProvider>
        <DeferredSelect label="Month" data={MONTHS} value="7" clearable onChange={onChange} />
      </MantineProvider>,
    );
    fireEvent.click(container.querySelector('.mantine-InputClearButton-root') as HTMLElement);
    expect(onChange).toHaveBeenCalledWith(null, expect.anything());
  });

  it('finds the label of a value in plain, labelled and grouped data', () => {
    expect(optionLabel(['10', '25'], '25')).toBe('25');
    expect(optionLabel(MONTHS, '7')).toBe('July');
    expect(optionLabel([{ group: 'Summer', items: MONTHS }], '7')).toBe('July');
    expect(optionLabel(MONTHS, null)).toBe('');
    expect(optionLabel(MONTHS, '12')).toBe('');
  });
});
