/**
 * The columns of a list or report, declared once: the field, its heading and the kind of value it
 * holds. The web table renders by kind (money right-aligned as $1,234.50, counts with separators,
 * dates as MM-DD-YYYY), the CSV writes by kind (money from exact cents as 1234.50, no $), and the
 * printout is the table. Each surface picks the columns it shows, in its order, from the one
 * declaration, so a heading or a unit can never differ between them.
 */
export type ColumnKind = 'text' | 'money' | 'count' | 'date';

export interface ColumnSpec<K extends string = string> {
  key: K;
  /** The heading (the CSV's, and the screen's unless `short`). */
  title: string;
  kind: ColumnKind;
  /** A shorter heading where a screen is narrow ("Cost" for "Cost Price"). */
  short?: string;
}

type Declared = Omit<ColumnSpec, 'key'>;
const declare =
  (kind: ColumnKind) =>
  (title: string, short?: string): Declared =>
    short ? { title, kind, short } : { title, kind };

/** The kinds of column, declared by heading: `col.money('Cost Price', 'Cost')`. */
export const col = {
  /** Text (names, codes, statuses). */
  text: declare('text'),
  /** Money: cents inside, dollars on the wire and on screen, two decimals in a CSV. */
  money: declare('money'),
  /** A whole number (a quantity, a count, an id). */
  count: declare('count'),
  /** A date, YYYY-MM-DD on the wire and in a CSV. */
  date: declare('date'),
};

/** A set of columns by key: `columnSet({ name: col.text('Name'), … })`. */
export function columnSet<K extends string>(declared: Record<K, Declared>): { [P in K]: ColumnSpec<P> } {
  return Object.fromEntries(Object.entries(declared).map(([key, d]) => [key, { key, ...(d as Declared) }])) as {
    [P in K]: ColumnSpec<P>;
  };
}

/** The columns of a set, in the given order (a screen's, a CSV's). */
export function pickColumns<S extends Record<string, ColumnSpec>, K extends keyof S & string>(
  set: S,
  keys: readonly K[],
): S[K][] {
  return keys.map((k) => set[k]);
}

/** The heading a screen shows. */
export const screenTitle = (c: ColumnSpec) => c.short ?? c.title;
