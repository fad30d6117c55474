import { randomUUID } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { asc, eq, isNotNull } from 'drizzle-orm';
import { lusakaDate } from '../../../domain/dates';
import { FILE_TYPES } from '../../../domain/student-files';
import { fileStore } from '../../storage/file-store';
import type { Tx } from '../client';
import { forms, formVersions, studentFiles, students, users } from '../schema';

/*
 * Demo forms and files (docs/product.md D10): home visits, care calls and discharges at every
 * status over the first demo students, and for several of them a small fee statement (PDF), a
 * photo (PNG) and guardian notes (text), made here so the demo needs no files on disk.
 */

const FIELDS = {
  home_visit: [
    {
      people_present: 'The student, her mother and a younger brother',
      living_conditions: 'Two rooms in a shared yard; clean, with electricity most evenings.',
      concerns: 'The roof leaks over the study corner when it rains.',
      follow_up_actions: 'Ask the landlord to fix the roof before the rains; check again next month.',
    },
    {
      people_present: 'The student and his grandfather',
      living_conditions: 'A small house near the market; quiet enough to study.',
      follow_up_actions: 'Bring a study lamp on the next visit.',
    },
  ],
  care_call: [
    {
      person_called: 'The student',
      duration_minutes: 15,
      topics: 'Mid-term exams and the new timetable',
      wellbeing_rating: 4,
    },
    {
      person_called: 'The guardian (aunt)',
      duration_minutes: 25,
      topics: 'Fees for next term and the walk to college',
      wellbeing_rating: 3,
      follow_up: 'Check the transport allowance covers the bus.',
    },
  ],
  discharge: [
    {
      reason: 'graduated',
      final_status: 'Graduated with a Diploma in Clinical Medicine',
      exit_interview_notes: 'Proud and grateful; would like to mentor first-year students.',
      handover: 'Laptop returned; certificates copied to the student file.',
    },
    {
      reason: 'transferred',
      final_status: 'Transferred to a programme in Kitwe with a government bursary',
      exit_interview_notes: 'Leaving for a course closer to family.',
      handover: 'Records sent to the new sponsor with the student’s consent.',
    },
  ],
} as const;

type FormType = keyof typeof FIELDS;
const TYPES: FormType[] = ['home_visit', 'care_call', 'discharge'];
const STATUSES = ['draft', 'completed', 'reviewed', 'completed'] as const;

/** A one-page PDF with these lines, its cross-reference table counted exactly. */
export function demoPdf(lines: string[]): Buffer {
  const text = lines
    .map(
      (line, i) =>
        `BT /F1 ${i === 0 ? 16 : 11} Tf 60 ${760 - i * 22} Td (${line.replace(/[()\\]/g, '')}) Tj ET`,
    )
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A small PNG: a band of the programme's green over a light ground, `size` pixels square. */
export function demoPng(size = 48): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), data])));
    return Buffer.concat([head, Buffer.from(type), data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Array.from({ length: size }, (_, y) => {
    const [r, g, b] = y > size / 3 && y < (size * 2) / 3 ? [4, 120, 87] : [236, 253, 245];
    return Buffer.from([0, ...Array.from({ length: size }, () => [r, g, b]).flat()]);
  });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

export async function seedDemoFormsAndFiles(tx: Tx, now: Date): Promise<void> {
  const today = lusakaDate(now);
  const [reviewer] = await tx.select({ id: users.id }).from(users).where(eq(users.staffId, 'DPM001'));
  const pool = await tx
    .select({ id: students.id, name: students.fullName, officer: students.assignedOfficerId })
    .from(students)
    .where(isNotNull(students.assignedOfficerId))
    .orderBy(asc(students.chlNumber), asc(students.id))
    .limit(12);
  if (!reviewer || pool.length === 0) return;
  const minutesAgo = (n: number) => new Date(now.getTime() - n * 60_000);

  const formRows = Array.from({ length: 24 }, (_, i) => {
    const type = TYPES[i % TYPES.length]!;
    const status = STATUSES[i % STATUSES.length]!;
    const student = pool[i % pool.length]!;
    const full = FIELDS[type][i % 2] as Record<string, string | number>;
    // A draft is part written: its first field only.
    const fields = status === 'draft' ? Object.fromEntries(Object.entries(full).slice(0, 1)) : full;
    const createdAt = minutesAgo(60 * 24 * 30 - i * 173);
    return {
      type,
      studentId: student.id,
      formDate: addDays(today, -30 + i),
      fields,
      status,
      authorId: student.officer,
      completedAt: status === 'draft' ? null : minutesAgo(60 * 24 * 10 - i * 60),
      reviewedById: status === 'reviewed' ? reviewer.id : null,
      reviewedAt: status === 'reviewed' ? minutesAgo(60 * 24 * 5 - i * 60) : null,
      reviewNote: status === 'reviewed' ? 'Clear and complete. Thank you.' : null,
      createdAt,
      updatedAt: createdAt,
    };
  });
  const added = await tx.insert(forms).values(formRows).returning({
    id: forms.id,
    studentId: forms.studentId,
    type: forms.type,
    formDate: forms.formDate,
    fields: forms.fields,
  });
  // Each at version 1, kept as the base of its next edit (forms-files/form-versions.ts).
  await tx.insert(formVersions).values(
    added.map((form) => ({
      formId: form.id,
      version: 1,
      studentId: form.studentId,
      formDate: form.formDate,
      fields: form.fields,
    })),
  );

  for (const [i, student] of pool.slice(0, 6).entries()) {
    const visit = added.find((f) => f.studentId === student.id && f.type === 'home_visit');
    const files = [
      {
        name: `Fee statement term ${1 + (i % 3)}.pdf`,
        category: 'financial',
        mimeType: FILE_TYPES.pdf,
        bytes: demoPdf([
          'Fee statement',
          `Student: ${student.name}`,
          `Term ${1 + (i % 3)}, ${today.slice(0, 4)}`,
          `Tuition: ZMW ${(4500 + i * 250).toLocaleString('en')}.00`,
          'Balance: ZMW 0.00',
        ]),
        formId: null,
      },
      {
        name: 'Home visit photo.png',
        category: 'personal',
        mimeType: FILE_TYPES.png,
        bytes: demoPng(),
        formId: visit?.id ?? null,
      },
      {
        name: 'Guardian contact notes.txt',
        category: i % 2 === 0 ? 'personal' : 'medical',
        mimeType: FILE_TYPES.text,
        bytes: Buffer.from(
          `Notes about ${student.name}\n\nGuardian reachable in the evenings.\n${i % 2 === 0 ? 'Prefers calls after 18:00.' : 'Clinic follow-up booked for next month.'}\n`,
        ),
        formId: null,
      },
    ];
    for (const [j, file] of files.entries()) {
      const storageKey = randomUUID();
      await fileStore().save(tx, storageKey, [file.bytes]);
      await tx.insert(studentFiles).values({
        studentId: student.id,
        formId: file.formId,
        name: file.name,
        mimeType: file.mimeType,
        size: file.bytes.byteLength,
        category: file.category,
        storageKey,
        uploadedById: student.officer,
        createdAt: minutesAgo(60 * 24 * 7 - i * 90 - j * 5),
      });
    }
  }
}
