import type { RouteObject } from 'react-router';

/** What a route carries besides its element: the page title, and whether it needs a signed-in user. */
export interface RouteHandle {
  title: string;
  public?: boolean;
}

export type AppRoute = RouteObject & { handle?: RouteHandle; children?: AppRoute[] };

export interface MenuEntry {
  label: string;
  to: string;
}

export interface MenuSection {
  label: string;
  adminOnly?: boolean;
  entries: MenuEntry[];
}

/** A lazily loaded page: keeps the first download small. */
export function page(load: () => Promise<{ default: React.ComponentType }>) {
  return async () => ({ Component: (await load()).default });
}
