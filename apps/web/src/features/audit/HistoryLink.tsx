import { AdminLinkButton } from '../../components/AdminLinkButton';

/**
 * History: the record's entries in the audit trail (admins only, docs/audit.md);
 * an invoice's include its lines and payments. Nothing for other users.
 */
export function HistoryLink({ entity, id }: { entity: 'invoice' | 'customer' | 'product'; id: number }) {
  return <AdminLinkButton to={`/audit?entity=${entity}&entityId=${id}`}>History</AdminLinkButton>;
}
