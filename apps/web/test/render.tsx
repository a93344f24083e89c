import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { DEFAULT_SETTINGS, type Settings } from '@wd/contracts';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { keys } from '../src/lib/query-keys';

/**
 * Renders a screen as the app does (Mantine, the query cache, the router) at `url` (matched by
 * `path`, for its params), with the Settings already loaded (`settings` over the defaults).
 * Answers the rendered screen with its query client and router.
 */
export function renderScreen(
  ui: ReactNode,
  { url = '/', path = '*', settings = {} }: { url?: string; path?: string; settings?: Partial<Settings> } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(keys.settings.all, { ...DEFAULT_SETTINGS, ...settings });
  // The screen at `path` (its params), and every other address as a page that says where it is.
  const router = createMemoryRouter(
    [
      { path, element: ui },
      { path: '*', element: <p data-testid="elsewhere">elsewhere</p> },
    ],
    { initialEntries: [url] },
  );
  const screen = render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <ModalsProvider>
          <RouterProvider router={router} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...screen, client, router };
}
