import type { StudentListResponse } from '../../../contracts/students';
import type { TaskListResponse } from '../../../contracts/tasks';
import type { KeptStudent, OfflineDb } from './offline-db';
import type { Transport } from './transport';

/**
 * What an officer needs with no signal (issue 48 item 2): their own students, as GET /api/students
 * answers a program officer (D11 scopes it to them), and their open tasks. Refreshed at sign-in and
 * after each sync; a refresh that cannot reach the server keeps what was kept.
 */

/** When the kept students and tasks were last refreshed (a `kept` row): the offline screens say it. */
export const KEPT_AT_KEY = 'records_kept_at';

const PAGE_SIZE = 200;
/** An officer has a few hundred students at most: more pages than this is not a caseload. */
const MAX_PAGES = 5;

export async function refreshKeptRecords(
  db: OfflineDb,
  userId: string,
  transport: Transport,
  now = Date.now(),
) {
  try {
    const students: KeptStudent[] = [];
    for (let page = 1; page <= MAX_PAGES; page++) {
      const query = new URLSearchParams({
        page: String(page),
        pageSize: String(PAGE_SIZE),
        sort: 'name_asc',
      });
      const answer = await transport(`/api/students?${query}`, { method: 'GET' });
      if (answer.status !== 200) return false;
      const list = answer.body as StudentListResponse;
      students.push(...list.items);
      if (page * PAGE_SIZE >= list.total) break;
    }
    const tasks = await transport('/api/tasks?assignee=me&status=active&pageSize=200', { method: 'GET' });
    if (tasks.status !== 200) return false;
    // Only the account's own students, whatever the list let it read (a manager reads them all).
    const own = students
      .filter((student) => student.assigned_officer_id === userId)
      .map(
        ({
          id,
          full_name,
          chl_number,
          program_level,
          program_status,
          current_program,
          assigned_officer_id,
        }) => ({
          id,
          full_name,
          chl_number,
          program_level,
          program_status,
          current_program,
          assigned_officer_id,
        }),
      );
    await db.transaction('rw', db.students, db.tasks, db.kept, async () => {
      await db.students.clear();
      await db.students.bulkPut(own);
      await db.tasks.clear();
      await db.tasks.bulkPut((tasks.body as TaskListResponse).items);
      await db.kept.put({ key: KEPT_AT_KEY, value: now });
    });
    return true;
  } catch {
    return false;
  }
}

/** The kept students whose name or CHL number holds `q`, for the student picker offline. */
export async function findKeptStudents(db: OfflineDb, q: string, limit = 20): Promise<KeptStudent[]> {
  const needle = q.trim().toLowerCase();
  const all = await db.students.orderBy('full_name').toArray();
  const found = needle
    ? all.filter(
        (s) => s.full_name.toLowerCase().includes(needle) || s.chl_number?.toLowerCase().includes(needle),
      )
    : all;
  return found.slice(0, limit);
}
