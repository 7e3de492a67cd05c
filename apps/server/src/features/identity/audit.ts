import type { Tx } from '../../core/transaction.ts';
import type { Db } from '../../db/connect.ts';
import { adminAudit } from '../../db/schema.ts';

/**
 * One line of the staff audit (docs/security.md): who acted (an admin, or a reseller acting for its
 * clients), what, on whom. Written before or with the action it records.
 */
export async function recordAudit(
  db: Db | Tx,
  entry: {
    actor: { id: string; username: string };
    action: string;
    target: { id: string; username: string } | null;
    detail?: string;
  },
): Promise<void> {
  await db.insert(adminAudit).values({
    adminId: entry.actor.id,
    adminUsername: entry.actor.username,
    action: entry.action,
    targetUserId: entry.target?.id ?? null,
    targetUsername: entry.target?.username ?? null,
    detail: entry.detail ?? null,
  });
}
