import { act, render } from '@testing-library/react';
import { createBrowserRouter, Outlet, RouterProvider, ScrollRestoration } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { scrollKey } from './Root';

const STORAGE = 'react-router-scroll-positions';

afterEach(() => {
  sessionStorage.clear();
  vi.restoreAllMocks();
});

/** A page loaded by its address, as after a typed URL or a bookmark: its history entry has no state. */
async function loadPage(path: string, getKey?: typeof scrollKey) {
  window.history.replaceState(null, '', path);
  const scrolls: number[] = [];
  vi.spyOn(window, 'scrollTo').mockImplementation(((_x: number, y: number) => scrolls.push(y)) as never);
  const router = createBrowserRouter([
    {
      element: (
        <>
          <ScrollRestoration getKey={getKey} />
          <Outlet />
        </>
      ),
      children: [{ path: '*', element: <p>page</p> }],
    },
  ]);
  await act(async () => {
    render(<RouterProvider router={router} />);
  });
  router.dispose();
  return scrolls;
}

describe('scrollKey (where a page keeps its scroll position)', () => {
  it('keys an entry the app made by its own key, and one loaded by its address by that address', () => {
    const location = { pathname: '/invoices', search: '?page=2', hash: '', state: null };
    expect(scrollKey({ ...location, key: 'k1x9' })).toBe('k1x9');
    expect(scrollKey({ ...location, key: 'default' })).toBe('/invoices?page=2');
  });

  it('does not give a page loaded by its address the position of another page loaded that way', async () => {
    // The sign-in page, loaded by its address, was left at 700 px.
    sessionStorage.setItem(STORAGE, JSON.stringify({ default: 700, '/signin': 700 }));
    // Without a key of its own, the invoice is thrown to the sign-in page's 700 px after it shows.
    expect(await loadPage('/invoices/edit/1')).toContain(700);
    expect(await loadPage('/invoices/edit/1', scrollKey)).toEqual([0]);
  });

  it('gives a page reloaded at its address its own position back', async () => {
    sessionStorage.setItem(STORAGE, JSON.stringify({ '/invoices/edit/1': 1_200 }));
    expect(await loadPage('/invoices/edit/1', scrollKey)).toContain(1_200);
  });
});
