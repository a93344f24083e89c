import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { type Column, cellText } from '../DataTable';

/**
 * The columns with the row's own page linked from one cell: the column marked `rowLink`, else the
 * first. The link is how a keyboard or a screen reader opens the row; a click anywhere on the
 * row is the mouse's shortcut to the same page.
 */
export function withRowLink<T>(columns: Column<T>[], pageOf: (row: T) => string | undefined): Column<T>[] {
  const at = Math.max(
    columns.findIndex((c) => c.rowLink),
    0,
  );
  return columns.map((c, i) =>
    i !== at
      ? c
      : {
          ...c,
          render: (row: T, index: number) => {
            const to = pageOf(row);
            const content = cellText(c, row, index);
            return to ? (
              <Anchor component={Link} to={to} fz="inherit">
                {content}
              </Anchor>
            ) : (
              content
            );
          },
        },
  );
}
