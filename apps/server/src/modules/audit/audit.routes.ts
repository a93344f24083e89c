import { AUDIT_ACTIONS, type AuditEntry, auditCalls, auditChanges } from '@wd/contracts';
import type { FastifyInstance } from 'fastify';
import { pageResponse } from '../../lib/list.js';
import { registerCalls } from '../../lib/routes.js';
import { auditRepository } from './audit.repository.js';

type AuditRow = Awaited<ReturnType<typeof auditRepository.page>>['rows'][number];

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    user: row.user,
    entity: row.entity,
    entityId: row.entityId,
    action: AUDIT_ACTIONS.includes(row.action) ? row.action : 'update',
    changes: auditChanges(row.before, row.after),
  };
}

export async function auditRoutes(app: FastifyInstance) {
  const { db } = app.ctx;
  registerCalls(app, auditCalls, {
    list: async ({ body }) => {
      const { rows, totalRows } = await auditRepository.page(db, body);
      return pageResponse('auditLog', rows.map(toEntry), body, totalRows);
    },
    entities: async () => ({ entities: await auditRepository.entities(db) }),
  });
}
