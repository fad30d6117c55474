import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { isUuid } from '../../../contracts/common';
import type {
  EntryCreate,
  EntryListQuery,
  EntryUpdate,
  MyEntriesResponse,
  MyEntryInput,
  MyEntryResponse,
} from '../../../contracts/yearbook';
import {
  canManageYearbooks,
  classOf,
  classYearOf,
  isDecidable,
  YEARBOOK_MESSAGES as M,
  statusAfterStudentEdit,
  studentEntryRefusal,
  yearbookVisibleTo,
} from '../../../domain/yearbook';
import type { AppDeps, SessionUser } from '../../app-env';
import { type NotificationSource, searchSource, waitingRecords } from '../../area-sources';
import type { DbOrTx } from '../../db/client';
import { answeringConstraints } from '../../db/constraint-errors';
import { students, yearbookEntries, yearbooks } from '../../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors';
import { programmeDate } from '../../programme-time';
import { recordChangeAudit } from '../audit/audit.service';
import { entryListPage, entrySearch } from './entry-list-page';
import {
  auditedEntry,
  type EntryRow,
  entryColumns,
  entryDto,
  selectEntries,
  visibleEntry,
  visibleYearbook,
  type YearbookRow,
} from './yearbook-records';
import { requireYearbookManager } from './yearbooks.service';

/*
 * Yearbook entries (docs/product.md §4, §5, D11, D17): a graduate's page, one per student per
 * yearbook. A student's own submission waits for review and goes back to review when they change
 * it; management's entries are approved at once, and management approves or rejects pending ones.
 */

const ENTRY_TAKEN = { unique: { yearbook_entries_student_key: M.entryTaken } };

/** The entries the caller sees of a yearbook they see (EntryListResponse, entry-list-page.ts). */
export const listEntries = (deps: AppDeps, user: SessionUser, yearbookId: string, query: EntryListQuery) =>
  entryListPage(deps.db, user, yearbookId, query);

async function entryById(db: DbOrTx, id: string): Promise<EntryRow> {
  const [row] = await selectEntries(db).where(eq(yearbookEntries.id, id));
  return row!;
}

const auditEntry = recordChangeAudit('yearbook_entry', auditedEntry);

/** Management adds a student's entry: approved at once, approved by them today. */
export async function addEntry(deps: AppDeps, user: SessionUser, yearbookId: string, input: EntryCreate) {
  requireYearbookManager(user);
  const now = deps.clock.now();
  const id = await answeringConstraints(ENTRY_TAKEN, () =>
    deps.db.transaction(async (tx) => {
      const yearbook = await visibleYearbook(tx, user, yearbookId);
      const [student] = await tx
        .select({ fullName: students.fullName, program: students.currentProgram })
        .from(students)
        .where(eq(students.id, input.student_id));
      if (!student) throw badRequest(M.studentNotFound, { student_id: M.studentNotFound });
      const [added] = await tx
        .insert(yearbookEntries)
        .values({
          yearbookId,
          studentId: input.student_id,
          studentName: student.fullName,
          program: student.program,
          studentPhotoUrl: input.student_photo_url ?? null,
          quote: input.quote ?? null,
          achievements: input.achievements ?? null,
          status: 'approved',
          approvedBy: user.id,
          approvedDate: programmeDate(now),
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: yearbookEntries.id });
      const after = await entryById(tx, added!.id);
      const summary = `${user.name} added ${student.fullName}'s entry to the ${classOf(yearbook.year)} yearbook`;
      await auditEntry(tx, user, now, 'created', summary, null, after);
      return added!.id;
    }),
  );
  return entryDto(await entryById(deps.db, id));
}

/** The signed-in user's student record: the one whose email is theirs (D11), or null. */
async function findStudentOfUser(db: DbOrTx, user: SessionUser) {
  const [student] = await db
    .select({
      id: students.id,
      fullName: students.fullName,
      program: students.currentProgram,
      expectedEndDate: students.expectedEndDate,
    })
    .from(students)
    .where(sql`lower(${students.email}) = ${user.email.toLowerCase()}`)
    .orderBy(asc(students.createdAt), asc(students.id))
    .limit(1);
  return student ? { ...student, classYear: classYearOf(student.expectedEndDate) } : null;
}

type UserStudent = NonNullable<Awaited<ReturnType<typeof findStudentOfUser>>>;

async function studentOfUser(db: DbOrTx, user: SessionUser): Promise<UserStudent> {
  const student = await findStudentOfUser(db, user);
  if (!student) throw new HttpError(404, M.profileNotFound, { code: 'student_profile_not_found' });
  return student;
}

const ownEntry = (db: DbOrTx, yearbookId: string, studentId: string) =>
  selectEntries(db).where(
    and(eq(yearbookEntries.yearbookId, yearbookId), eq(yearbookEntries.studentId, studentId)),
  );

/**
 * The yearbook as a student reaches it for their own entry, with that entry (locked when
 * `forUpdate`): one they see, their own class's (a draft is gathered before it is published), or
 * one already holding their entry; any other answers 404 like one that does not exist (D11).
 */
async function studentsYearbook(
  db: DbOrTx,
  user: SessionUser,
  yearbookId: string,
  student: UserStudent,
  options: { forUpdate?: boolean } = {},
) {
  if (!isUuid(yearbookId)) throw notFound(M.yearbookNotFound);
  const [yearbook] = await db.select().from(yearbooks).where(eq(yearbooks.id, yearbookId));
  if (!yearbook) throw notFound(M.yearbookNotFound);
  const query = ownEntry(db, yearbookId, student.id);
  const [entry] = options.forUpdate ? await query.for('update', { of: yearbookEntries }) : await query;
  const reachable =
    yearbookVisibleTo(user.role, yearbook.status) || yearbook.year === student.classYear || entry;
  if (!reachable) throw notFound(M.yearbookNotFound);
  return { yearbook, entry: entry ?? null };
}

export async function getMyEntry(
  deps: AppDeps,
  user: SessionUser,
  yearbookId: string,
): Promise<MyEntryResponse> {
  const student = await studentOfUser(deps.db, user);
  const { entry } = await studentsYearbook(deps.db, user, yearbookId, student);
  return {
    entry: entry ? entryDto(entry) : null,
    student: { id: student.id, full_name: student.fullName, program: student.program },
  };
}

/**
 * Submit Entry's page (issue 46): the user's student record and class, their own class's yearbook
 * first, where a new entry goes, then every other yearbook holding an entry of theirs, newest
 * class first, so they see and change their entry wherever it is. No record: `student` null.
 */
export async function getMyEntries(deps: AppDeps, user: SessionUser): Promise<MyEntriesResponse> {
  const student = await findStudentOfUser(deps.db, user);
  if (!student) return { student: null, yearbooks: [] };
  const [own, mine] = await Promise.all([
    student.classYear === null
      ? []
      : deps.db.select().from(yearbooks).where(eq(yearbooks.year, student.classYear)),
    deps.db
      .select({ entry: entryColumns, yearbook: yearbooks })
      .from(yearbookEntries)
      .innerJoin(students, eq(students.id, yearbookEntries.studentId))
      .innerJoin(yearbooks, eq(yearbooks.id, yearbookEntries.yearbookId))
      .where(eq(yearbookEntries.studentId, student.id))
      .orderBy(desc(yearbooks.year)),
  ]);
  const named = (y: YearbookRow) => ({ id: y.id, year: y.year, title: y.title, status: y.status });
  const ownYearbook = own[0];
  const ownEntryRow = mine.find((m) => m.yearbook.id === ownYearbook?.id)?.entry;
  return {
    student: {
      id: student.id,
      full_name: student.fullName,
      program: student.program,
      class_year: student.classYear,
    },
    yearbooks: [
      ...(ownYearbook
        ? [
            {
              yearbook: named(ownYearbook),
              own_class: true,
              entry: ownEntryRow ? entryDto(ownEntryRow) : null,
            },
          ]
        : []),
      ...mine
        .filter((m) => m.yearbook.id !== ownYearbook?.id)
        .map((m) => ({ yearbook: named(m.yearbook), own_class: false, entry: entryDto(m.entry) })),
    ],
  };
}

/**
 * Submit Entry: creates the student's entry, pending review, or updates it and sends it back to
 * review (D17). A new entry goes only to the student's own class's yearbook; the one they have
 * they may change wherever it is, but not in an archived yearbook (studentEntryRefusal, 409). The
 * name and program are refreshed from the student record. `created` tells the screen which
 * message to show.
 */
export async function saveMyEntry(deps: AppDeps, user: SessionUser, yearbookId: string, input: MyEntryInput) {
  const now = deps.clock.now();
  const fields = {
    studentPhotoUrl: input.student_photo_url ?? null,
    quote: input.quote ?? null,
    achievements: input.achievements ?? null,
    status: statusAfterStudentEdit(),
    approvedBy: null,
    approvedDate: null,
    updatedAt: now,
  };
  const { id, created } = await deps.db.transaction(async (tx) => {
    const student = await studentOfUser(tx, user);
    const { yearbook, entry: existing } = await studentsYearbook(tx, user, yearbookId, student, {
      forUpdate: true,
    });
    const refusal = studentEntryRefusal({
      classYear: student.classYear,
      yearbook,
      hasEntry: existing !== null,
    });
    if (refusal) throw conflict(refusal);
    const snapshot = { studentName: student.fullName, program: student.program };
    // Two submissions at once: the unique key lets one insert; the other updates what it made.
    const [inserted] = existing
      ? []
      : await tx
          .insert(yearbookEntries)
          .values({ yearbookId, studentId: student.id, ...snapshot, ...fields, createdAt: now })
          .onConflictDoNothing({ target: [yearbookEntries.yearbookId, yearbookEntries.studentId] })
          .returning({ id: yearbookEntries.id });
    const classYear = classOf(yearbook.year);
    if (inserted) {
      const after = await entryById(tx, inserted.id);
      await auditEntry(
        tx,
        user,
        now,
        'submitted',
        `${user.name} submitted an entry to the ${classYear} yearbook`,
        null,
        after,
      );
      return { id: inserted.id, created: true };
    }
    const [before] = existing
      ? [existing]
      : await ownEntry(tx, yearbookId, student.id).for('update', { of: yearbookEntries });
    await tx
      .update(yearbookEntries)
      .set({ ...snapshot, ...fields })
      .where(eq(yearbookEntries.id, before!.id));
    const after = await entryById(tx, before!.id);
    await auditEntry(
      tx,
      user,
      now,
      'resubmitted',
      `${user.name} updated their entry in the ${classYear} yearbook`,
      before!,
      after,
    );
    return { id: before!.id, created: false };
  });
  return { entry: entryDto(await entryById(deps.db, id)), created };
}

/** Management edits the words and photo of an entry; its state stays as it was. */
export async function updateEntry(deps: AppDeps, user: SessionUser, id: string, input: EntryUpdate) {
  requireYearbookManager(user);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const { entry: before, yearbook } = await visibleEntry(tx, user, id, { forUpdate: true });
    await tx
      .update(yearbookEntries)
      .set({
        studentPhotoUrl: input.student_photo_url ?? null,
        quote: input.quote ?? null,
        achievements: input.achievements ?? null,
        updatedAt: now,
      })
      .where(eq(yearbookEntries.id, id));
    const after = await entryById(tx, id);
    const summary = `${user.name} updated ${before.studentName}'s entry in the ${classOf(yearbook.year)} yearbook`;
    await auditEntry(tx, user, now, 'updated', summary, before, after);
  });
  return entryDto(await entryById(deps.db, id));
}

export async function deleteEntry(deps: AppDeps, user: SessionUser, id: string) {
  requireYearbookManager(user);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const { entry: before, yearbook } = await visibleEntry(tx, user, id, { forUpdate: true });
    await tx.delete(yearbookEntries).where(eq(yearbookEntries.id, id));
    const summary = `${user.name} deleted ${before.studentName}'s entry from the ${classOf(yearbook.year)} yearbook`;
    await auditEntry(tx, user, now, 'deleted', summary, before, null);
  });
}

/** Approve (approver and Lusaka date) or reject a pending entry; any other state answers 409. */
export async function decideEntry(
  deps: AppDeps,
  user: SessionUser,
  id: string,
  decision: 'approve' | 'reject',
) {
  requireYearbookManager(user);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const { entry: before, yearbook } = await visibleEntry(tx, user, id, { forUpdate: true });
    if (!isDecidable(before.status)) throw conflict(M.onlyPendingDecided);
    await tx
      .update(yearbookEntries)
      .set(
        decision === 'approve'
          ? { status: 'approved', approvedBy: user.id, approvedDate: programmeDate(now), updatedAt: now }
          : { status: 'rejected', updatedAt: now },
      )
      .where(eq(yearbookEntries.id, id));
    const after = await entryById(tx, id);
    const verb = decision === 'approve' ? 'approved' : 'rejected';
    const summary = `${user.name} ${verb} ${before.studentName}'s entry in the ${classOf(yearbook.year)} yearbook`;
    await auditEntry(tx, user, now, verb, summary, before, after);
  });
  return entryDto(await entryById(deps.db, id));
}

/** Entries waiting for review, in every yearbook, for the people who review them (D16). */
export const yearbookEntryNotifications: NotificationSource = {
  area: 'yearbook',
  label: 'Yearbook entries awaiting review',
  async waitingFor(deps, user) {
    if (!canManageYearbooks(user.role)) return { count: 0, items: [] };
    const pending = eq(yearbookEntries.status, 'pending');
    return waitingRecords(
      deps.db,
      yearbookEntries,
      pending,
      deps.db
        .select({
          id: yearbookEntries.id,
          name: yearbookEntries.studentName,
          yearbookId: yearbookEntries.yearbookId,
          year: yearbooks.year,
        })
        .from(yearbookEntries)
        .innerJoin(yearbooks, eq(yearbooks.id, yearbookEntries.yearbookId))
        .where(pending)
        .orderBy(desc(yearbookEntries.createdAt), desc(yearbookEntries.id)),
      (r) => ({
        id: r.id,
        title: r.name,
        detail: `${classOf(r.year)} · Pending Review`,
        href: `/yearbook-admin?${new URLSearchParams({ tab: 'entries', yearbook: r.yearbookId })}`,
      }),
    );
  },
};

/**
 * Graduates in the top bar's search: everyone finds approved entries of published yearbooks (the
 * class page, searched for the name); management finds every entry, in Yearbook Management.
 */
export const yearbookEntrySearch = searchSource({
  area: 'yearbook',
  label: 'Yearbook',
  readableBy: () => true,
  rows: (db) =>
    db
      .select({
        id: yearbookEntries.id,
        name: yearbookEntries.studentName,
        program: yearbookEntries.program,
        status: yearbookEntries.status,
        yearbookId: yearbooks.id,
        year: yearbooks.year,
      })
      .from(yearbookEntries)
      .innerJoin(yearbooks, eq(yearbooks.id, yearbookEntries.yearbookId))
      .$dynamic(),
  matching: (term, { user }) =>
    and(
      canManageYearbooks(user.role)
        ? undefined
        : and(eq(yearbookEntries.status, 'approved'), eq(yearbooks.status, 'published')),
      entrySearch(term.text),
    ),
  order: [desc(yearbooks.year), asc(yearbookEntries.studentName)],
  item: (r) => ({
    title: r.name,
    detail: [classOf(r.year), r.program, r.status === 'approved' ? null : 'Pending Review']
      .filter(Boolean)
      .join(' · '),
  }),
  opens: (r, { user }) =>
    canManageYearbooks(user.role)
      ? `/yearbook-admin?${new URLSearchParams({ tab: 'entries', yearbook: r.yearbookId })}`
      : `/yearbook?${new URLSearchParams({ year: String(r.year), q: r.name })}`,
});
