import { auditEntitiesResponse, auditFilter, auditResponse } from '../audit.js';
import { defineCalls } from '../common/call.js';

/** The audit trail (docs/audit.md): admins only. */
export const auditCalls = defineCalls('audit', {
  list: {
    method: 'POST',
    reads: true,
    path: '/audit/all',
    summary: 'The audit trail, newest first: who changed what and when, with the fields that changed (admins only)',
    auth: 'admin',
    body: auditFilter,
    response: auditResponse,
  },
  entities: {
    method: 'GET',
    path: '/audit/entities',
    summary: 'The kinds of record the audit trail holds, for its filter (admins only)',
    auth: 'admin',
    response: auditEntitiesResponse,
  },
});
