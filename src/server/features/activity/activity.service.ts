import { desc, eq } from 'drizzle-orm';
import type { DashboardResponse } from '../../../contracts/dashboard';
import { studentScope } from '../../../domain/student-permissions';
import type { AppDeps, SessionUser } from '../../app-env';
import type { DbOrTx } from '../../db/client';
import { type ActivityEntityType, activities } from '../../db/schema';

/**
 * What happened to student records and allowances, for the dashboard's recent activity.
 * Write it in the same transaction as the change it describes, so one never exists without the other.
 */
export interface ActivityInput {
  /** Who did it; null for the system. */
  actor: { id: string | null; name: string };
  /** The officer the subject belongs to (a student's assigned officer): program officers see only their own. */
  officerId: string | null;
  entityType: ActivityEntityType;
  entityId: string | null;
  /** A stable code such as 'student.created', 'student.updated', 'students.imported', 'allowance.approved'. */
  action: string;
  /** One sentence for people: 'Bupe Tembo added Mwila Chanda'. */
  summary: string;
  at: Date;
}

export type RecentActivity = DashboardResponse['recent_activity'][number];

export async function recordActivity(tx: DbOrTx, input: ActivityInput | ActivityInput[]): Promise<void> {
  const list = Array.isArray(input) ? input : [input];
  if (list.length === 0) return;
  await tx.insert(activities).values(
    list.map((a) => ({
      actorId: a.actor.id,
      actorName: a.actor.name,
      officerId: a.officerId,
      entityType: a.entityType,
      entityId: a.entityId,
      action: a.action,
      summary: a.summary,
      createdAt: a.at,
    })),
  );
}

/** The latest activities the user may see: all for admin and deputy manager, their own for an officer. */
export async function listRecentActivity(
  deps: AppDeps,
  user: SessionUser,
  limit = 10,
): Promise<RecentActivity[]> {
  const scope = studentScope(user);
  if (scope.kind === 'none') return [];
  const rows = await deps.db
    .select({
      id: activities.id,
      actor_name: activities.actorName,
      action: activities.action,
      summary: activities.summary,
      created_at: activities.createdAt,
    })
    .from(activities)
    .where(scope.kind === 'officer' ? eq(activities.officerId, scope.officerId) : undefined)
    .orderBy(desc(activities.createdAt), desc(activities.id))
    .limit(Math.max(1, Math.min(limit, 100)));
  return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
}
