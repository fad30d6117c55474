import { describe, expect, it } from 'vitest';
import { FORM_STATUSES, FORM_TYPES, type FormType, missingRequiredFields } from '../../../domain/forms';
import { detectFileType } from '../../../domain/student-files';
import { fileStore } from '../../storage/file-store';
import { fileDemoDatabase } from '../../testing/demo-database';
import { forms, studentFiles } from '../schema';
import { demoPdf, demoPng } from './forms-files';

const database = fileDemoDatabase();

const read = async (stream: ReadableStream<Uint8Array>) =>
  Buffer.from(await new Response(stream).arrayBuffer());

describe('demo forms and files', () => {
  it('hold forms of every type and status; completed and reviewed ones complete, none dated ahead', async () => {
    const rows = await database.db.select().from(forms);
    expect(new Set(rows.map((r) => r.type))).toEqual(new Set(FORM_TYPES));
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(FORM_STATUSES));
    for (const row of rows) {
      expect(row.formDate <= '2026-03-02').toBe(true);
      if (row.status !== 'draft') expect(missingRequiredFields(row.type as FormType, row.fields)).toEqual({});
      if (row.status === 'reviewed') expect(row.reviewNote).toBeTruthy();
    }
  });

  it('hold a PDF, a PNG and a text file for several students, each what its type says', async () => {
    const rows = await database.db.select().from(studentFiles);
    expect(new Set(rows.map((r) => r.studentId)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(rows.map((r) => r.mimeType)).size).toBe(3);
    for (const row of rows) {
      const stream = await fileStore().open(database.db, row.storageKey);
      const bytes = await read(stream!);
      expect(bytes.byteLength).toBe(row.size);
      expect(detectFileType(bytes, row.name)).toBe(row.mimeType);
    }
  });

  it('makes a PDF whose cross-reference table points at its objects', () => {
    const pdf = demoPdf(['Fee statement', 'Balance: ZMW 0.00']).toString('latin1');
    const xrefAt = Number(pdf.match(/startxref\n(\d+)/)![1]);
    expect(pdf.slice(xrefAt, xrefAt + 4)).toBe('xref');
    const offsets = [...pdf.matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(5);
    for (const [i, offset] of offsets.entries())
      expect(pdf.slice(offset).startsWith(`${i + 1} 0 obj`)).toBe(true);
    expect(demoPng().subarray(1, 4).toString()).toBe('PNG');
  });
});
