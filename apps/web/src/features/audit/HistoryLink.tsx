import { Button } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { session } from '../../lib/session';

/**
 * History: the record's entries in the audit trail (admins only, docs/audit.md);
 * an invoice's include its lines and payments. Nothing for other users.
 */
export function HistoryLink({ entity, id }: { entity: 'invoice' | 'customer' | 'product'; id: number }) {
  const user = useSyncExternalStore(session.subscribe, session.get);
  if (user?.type !== 'admin') return null;
  return (
    <Button variant="default" component={Link} to={`/audit?entity=${entity}&entityId=${id}`}>
      History
    </Button>
  );
}
