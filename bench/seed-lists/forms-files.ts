import { randomUUID } from 'node:crypto';
import { asc } from 'drizzle-orm';
import { FILE_CATEGORIES } from '../../src/domain/student-files';
import { insertByArrays } from '../../src/server/db/bulk-insert';
import * as t from '../../src/server/db/schema';
import type { SeedContext } from './context';

const VISIT = {
  people_present: 'The student, her mother and a younger brother',
  living_conditions: 'Two rooms in a shared yard; clean, with electricity most evenings.',
  follow_up_actions: 'Ask the landlord to fix the roof before the rains; check again next month.',
};
const CALL = {
  person_called: 'The student',
  duration_minutes: 15,
  topics: 'Mid-term exams',
  wellbeing_rating: 4,
};
const DISCHARGE = {
  reason: 'graduated',
  final_status: 'Graduated with a Diploma in Clinical Medicine',
  handover: 'Laptop returned; certificates copied to the student file.',
};

/** Forms of every type and status by the student's officer, and student files, a quarter attached to a form. */
export async function seedFormsAndFiles({
  tx,
  accounts,
  student,
  each,
  ago,
  day,
}: SeedContext): Promise<void> {
  const reviewer = accounts.DPM001!.id;
  const types = ['home_visit', 'care_call', 'discharge'] as const;
  const statuses = ['draft', 'completed', 'reviewed'] as const;
  await insertByArrays(
    tx,
    t.forms,
    each((i) => {
      const s = student(i + 23);
      const type = types[i % 3]!;
      const status = statuses[(i >> 1) % 3]!;
      const created = ago((i * 0.07) % 700);
      return {
        type,
        studentId: s.id,
        formDate: day(created),
        fields: type === 'home_visit' ? VISIT : type === 'care_call' ? CALL : DISCHARGE,
        status,
        authorId: s.officer,
        completedAt: status === 'draft' ? null : created,
        reviewedById: status === 'reviewed' ? reviewer : null,
        reviewedAt: status === 'reviewed' ? created : null,
        reviewNote: status === 'reviewed' ? 'Clear and complete. Thank you.' : null,
        createdAt: created,
        updatedAt: created,
      };
    }),
  );
  const formIds = await tx
    .select({ id: t.forms.id, studentId: t.forms.studentId })
    .from(t.forms)
    .orderBy(asc(t.forms.createdAt));
  await insertByArrays(
    tx,
    t.studentFiles,
    each((i) => {
      const attached = i % 4 === 0 ? formIds[i % formIds.length]! : null;
      const s = student(i + 29);
      return {
        // A file attached to a form belongs to the form's student.
        studentId: attached?.studentId ?? s.id,
        formId: attached?.id ?? null,
        name: i % 2 ? `Fee statement term ${1 + (i % 3)}.pdf` : 'Home visit photo.png',
        mimeType: i % 2 ? 'application/pdf' : 'image/png',
        size: 20_000 + (i % 900) * 1_000,
        category: FILE_CATEGORIES[i % FILE_CATEGORIES.length]!,
        storageKey: randomUUID(),
        uploadedById: s.officer,
        createdAt: ago((i * 0.07) % 700),
      };
    }),
  );
}
