import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSession } from '../lib/session';

/** A header button to an admin-only screen (History, Import): nothing for other users. */
export function AdminLinkButton({ to, children }: { to: string; children: ReactNode }) {
  if (useSession()?.type !== 'admin') return null;
  return (
    <Button variant="default" component={Link} to={to}>
      {children}
    </Button>
  );
}
