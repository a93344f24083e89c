import { requireAdmin } from '../../lib/guards';
import { type MenuSection, route } from '../../lib/route-types';

/** /audit: the audit trail (admins only). */
export const auditRoutes = [route('audit', 'Audit Trail', () => import('./pages/AuditPage'))].map((r) => ({
  ...r,
  loader: requireAdmin,
}));

export const auditMenu: MenuSection = {
  label: 'Audit',
  adminOnly: true,
  entries: [{ label: 'Audit Trail', to: '/audit' }],
};
