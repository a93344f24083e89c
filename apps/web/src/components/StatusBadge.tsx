import { Badge } from '@mantine/core';

/** DUE red, PAID blue, REFUND yellow; NEW grey; the dashboard's partial and processing too. */
const COLORS: Record<string, string> = {
  DUE: 'red',
  PAID: 'blue',
  REFUND: 'yellow',
  NEW: 'gray',
  partial: 'orange',
  processing: 'cyan',
};

/**
 * A badge's styles that keep its word whole: Mantine cuts a badge's label with … when its table
 * column narrows, and a status read as "P…" could be PAID or something else.
 */
export const WHOLE_BADGE = {
  root: { overflow: 'visible', minWidth: 'max-content' },
  label: { overflow: 'visible', textOverflow: 'clip' },
} as const;

export function StatusBadge({ status }: { status: string | null | undefined }) {
  if (!status) return null;
  return (
    <Badge color={COLORS[status] ?? 'gray'} variant="light" styles={WHOLE_BADGE}>
      {status}
    </Badge>
  );
}
