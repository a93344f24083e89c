import { render, screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DIALOG_LOAD_FAILED, lazyNamed, OnceOpened } from './lazy-dialog';

const alerts = vi.hoisted(() => [] as string[]);
vi.mock('./alert', () => ({ showAlert: (message: string) => alerts.push(message) }));

function Dialog({ label }: { label: string }) {
  return <p>{label}</p>;
}

/** A page with a scan box and a dialog whose code loads on demand. */
function Page({ open, Lazy }: { open: boolean; Lazy: ComponentType<{ label: string }> }) {
  return (
    <div>
      <input aria-label="Scan box" />
      <OnceOpened open={open}>
        <Lazy label="Add Payment" />
      </OnceOpened>
    </div>
  );
}

describe('a dialog loaded on demand', () => {
  it('whose code fails to load: the page stays, an alert says so, the next opening loads it', async () => {
    let calls = 0;
    const Lazy = lazyNamed(async () => {
      calls += 1;
      if (calls === 1) throw new Error('network');
      return { Dialog };
    }, 'Dialog');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { rerender } = render(<Page open Lazy={Lazy} />);
    await waitFor(() => expect(alerts).toEqual([DIALOG_LOAD_FAILED]));
    expect(screen.getByLabelText('Scan box')).toBeTruthy();
    expect(screen.queryByText('Add Payment')).toBeNull();
    rerender(<Page open={false} Lazy={Lazy} />);
    rerender(<Page open Lazy={Lazy} />);
    expect(await screen.findByText('Add Payment')).toBeTruthy();
    expect(calls).toBe(2);
  });

  it('preload says whether the code arrived', async () => {
    const ok = lazyNamed(async () => ({ Dialog }), 'Dialog');
    const broken = lazyNamed(async (): Promise<{ Dialog: typeof Dialog }> => {
      throw new Error('network');
    }, 'Dialog');
    expect(await ok.preload()).toBe(true);
    expect(await broken.preload()).toBe(false);
  });
});
