import { requireAdmin } from '../../lib/guards';
import { type MenuSection, route } from '../../lib/route-types';

/** /outbox: the e-mails queued, sent and failed (admins only). */
export const outboxRoutes = [route('outbox', 'Outbox', () => import('./pages/OutboxListPage'))].map((r) => ({
  ...r,
  loader: requireAdmin,
}));

export const outboxMenu: MenuSection = {
  label: 'Outbox',
  adminOnly: true,
  entries: [{ label: 'Outbox', to: '/outbox' }],
};
