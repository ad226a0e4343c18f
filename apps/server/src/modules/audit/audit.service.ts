import type { TImpersonation } from '@mapwright/contracts';
import type { Db } from '../../db/client.ts';
import { listImpersonationsOf } from './audit.repository.ts';

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
