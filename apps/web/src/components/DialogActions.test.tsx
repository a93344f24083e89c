import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { FormDialog } from './DialogActions';

/**
 * A page with a scan box and a dialog rendered from its first opening on (as `OnceOpened` does
 * for a dialog whose code loads on demand): the dialog mounts already open.
 */
function Page() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <MantineProvider>
      <input aria-label="Scan box" />
      <button
        type="button"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        Open
      </button>
      {used && (
        <FormDialog
          opened={open}
          onClose={() => setOpen(false)}
          title="Add Payment"
          onSubmit={(e) => e.preventDefault()}
          error={null}
          submitLabel="Add Payment"
          submitting={false}
        >
          <input aria-label="Amount" />
        </FormDialog>
      )}
    </MantineProvider>
  );
}

describe('FormDialog', () => {
  it('gives the focus back to what had it when it mounted open, once it has closed', async () => {
    render(<Page />);
    const scanBox = screen.getByLabelText('Scan box');
    act(() => scanBox.focus());
    // A shortcut opens it: the focus is still in the scan box as the dialog mounts.
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(document.activeElement).not.toBe(scanBox));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(scanBox));
  });
});
