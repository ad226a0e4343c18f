import type { TAuditEntry, TImpersonation } from '@mapwright/contracts';
import type { Db } from '../../db/client.ts';
import { listAuditTrail, listImpersonationsOf } from './audit.repository.ts';

/** The audit log's public surface: other modules record through here, never its repository. */
export { recordAudit } from './audit.repository.ts';

/**
 * Who impersonated this user and when. A staff account removed since is still named from the
 * email recorded when the session started.
 */
export async function impersonationsOf(db: Db, userId: string, limit: number, offset: number) {
  const { rows, total } = await listImpersonationsOf(db, userId, limit, offset);
  const items: TImpersonation[] = rows.map((r) => {
    const recorded = typeof r.details.staff_email === 'string' ? r.details.staff_email : 'Mapwright staff';
    return {
      id: r.id,
      started_at: r.createdAt.toISOString(),
      staff_email: r.staffEmail ?? recorded,
      staff_name: r.staffName ?? recorded,
    };
  });
  return { items, total };
}

/** The audit trail for staff: every organization's, or one's; who acted and who really did. */
export async function auditTrail(
  db: Db,
  q: { page: number; size: number; org_id?: string; action?: string },
): Promise<{ items: TAuditEntry[]; total: number }> {
  const { rows, total } = await listAuditTrail(db, {
    orgId: q.org_id,
    action: q.action,
    limit: q.size,
    offset: (q.page - 1) * q.size,
  });
  const items = rows.map((r) => ({
    id: r.id,
    created_at: r.createdAt.toISOString(),
    organization_id: r.organizationId,
    action: r.action,
    actor_email: r.actorEmail ?? null,
    impersonator_email: r.impersonatorEmail ?? null,
    target_type: r.targetType,
    target_id: r.targetId,
    details: r.details,
  }));
  return { items, total };
}
