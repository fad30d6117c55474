import { and, desc, eq } from 'drizzle-orm';
import { FORM_STATUS_LABELS, type FormStatus, isFormManager } from '../../../domain/forms';
import { isStaffRole } from '../../../domain/roles';
import { type NotificationSource, opensOn, searchSource, waitingRecords } from '../../area-sources';
import { forms, students } from '../../db/schema';
import { programmeDay } from '../../programme-time';
import { formScopeCondition, formSearch, newestForms, selectForms } from './form-records';
import { formTitle } from './forms.service';

/* What Forms Management gives the bell and the top bar's search (D16, D11). */

export const formStatusLabel = (status: string) => FORM_STATUS_LABELS[status as FormStatus] ?? status;

/** The bell (D16): completed forms waiting for a deputy manager's or admin's review. */
export const formNotifications: NotificationSource = {
  area: 'forms',
  label: 'Forms to review',
  async waitingFor(deps, user) {
    if (!isFormManager(user.role)) return { count: 0, items: [] };
    const waiting = eq(forms.status, 'completed');
    return waitingRecords(
      deps.db,
      forms,
      waiting,
      selectForms(deps.db).where(waiting).orderBy(desc(forms.completedAt), desc(forms.id)),
      (row) => ({
        id: row.form.id,
        title: formTitle(row.form.type, row.studentName ?? ''),
        detail: `${programmeDay(row.form.formDate)} · by ${row.authorName ?? 'someone no longer here'}`,
        href: `/forms?${new URLSearchParams({ open: row.form.id })}`,
      }),
    );
  },
};

/** Forms in the top bar's search, within the caller's scope (D11). */
export const formSearchSource = searchSource({
  area: 'forms',
  label: 'Forms',
  readableBy: (user) => isStaffRole(user.role),
  // What the item shows, not the whole form with its fields, people and files.
  rows: (db) =>
    db
      .select({
        id: forms.id,
        type: forms.type,
        formDate: forms.formDate,
        status: forms.status,
        studentName: students.fullName,
      })
      .from(forms)
      .innerJoin(students, eq(students.id, forms.studentId))
      .$dynamic(),
  matching: (term, { user }) => and(formScopeCondition(user), formSearch(term.text, user)),
  order: newestForms,
  item: (row) => ({
    title: formTitle(row.type, row.studentName),
    detail: `${programmeDay(row.formDate)} · ${formStatusLabel(row.status)}`,
  }),
  opens: opensOn('/forms'),
});
