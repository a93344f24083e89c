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

export function StatusBadge({ status }: { status: string | null | undefined }) {
  if (!status) return null;
  return (
    <Badge color={COLORS[status] ?? 'gray'} variant="light">
      {status}
    </Badge>
  );
}
