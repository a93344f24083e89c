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

type Loader = () => Promise<{ default: React.ComponentType }>;

/** One named export of a lazily loaded module as a page. */
export function pageExport<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return page(async () => ({ default: (await load())[name] as React.ComponentType }));
}

interface RecordArea<M> {
  path: string;
  /** "Billers" */
  plural: string;
  /** "Biller" */
  singular: string;
  /** The list's title when it is not the plural ("All Expenses"). */
  listTitle?: string;
  list: Loader;
  recover?: Loader;
  form: () => Promise<M>;
  pages: { new: keyof M; edit: keyof M; view: keyof M };
}

/**
 * The usual routes of a record area: `<path>` (list), `<path>/recover`,
 * `<path>/new`, `<path>/edit/:id` and `<path>/:id`, with their titles.
 * `form` loads the module holding the new, edit and view pages.
 */
export function recordRoutes<M>(o: RecordArea<M>): AppRoute[] {
  return [
    { path: o.path, handle: { title: o.listTitle ?? o.plural }, lazy: page(o.list) },
    ...(o.recover
      ? [{ path: `${o.path}/recover`, handle: { title: `Recover ${o.plural}` }, lazy: page(o.recover) }]
      : []),
    { path: `${o.path}/new`, handle: { title: `New ${o.singular}` }, lazy: pageExport(o.form, o.pages.new) },
    { path: `${o.path}/edit/:id`, handle: { title: `Edit ${o.singular}` }, lazy: pageExport(o.form, o.pages.edit) },
    { path: `${o.path}/:id`, handle: { title: o.singular }, lazy: pageExport(o.form, o.pages.view) },
  ];
}

/**
 * A record area's routes and its side menu section: All …, New …, then
 * `extra` entries, then Recover … when the area has a recover list.
 */
export function recordArea<M>(
  o: RecordArea<M> & { menu: { label: string; extra?: MenuEntry[]; adminOnly?: boolean } },
): { routes: AppRoute[]; menu: MenuSection } {
  const entries: MenuEntry[] = [
    { label: `All ${o.plural}`, to: `/${o.path}` },
    { label: `New ${o.singular}`, to: `/${o.path}/new` },
    ...(o.menu.extra ?? []),
    ...(o.recover ? [{ label: `Recover ${o.plural}`, to: `/${o.path}/recover` }] : []),
  ];
  return {
    routes: recordRoutes(o),
    menu: { label: o.menu.label, ...(o.menu.adminOnly ? { adminOnly: true } : {}), entries },
  };
}

/** One route: path, title and the page (a module's default export, or the named one). */
export function route<M>(path: string, title: string, load: () => Promise<M>, name?: keyof M): AppRoute {
  return {
    path,
    handle: { title },
    lazy: name ? pageExport(load, name) : page(load as unknown as Loader),
  };
}
