import PDFDocument from 'pdfkit';
import type { Form, FormExportQuery } from '../../../contracts/forms';
import { toCsv } from '../../../csv/to-csv';
import { FORM_FIELDS, FORM_STATUS_LABELS, FORM_TYPE_LABELS, formFieldText } from '../../../domain/forms';
import { FILE_TYPES } from '../../../domain/student-files';
import type { AppDeps, SessionUser } from '../../app-env';
import { photoBytes } from './form-photos';
import { formDto, newestForms, selectForms, visibleForm } from './form-records';
import { formFilters } from './forms.service';

/*
 * A form printed (GET /api/forms/:id/pdf) and the filtered list as a spreadsheet
 * (GET /api/forms/export.csv), both in the words the screen uses.
 */

const CSV_COLUMNS = [
  'form_date',
  'type',
  'student_name',
  'status',
  'author_name',
  'completed_at',
  'reviewed_by_name',
  'reviewed_at',
  'review_note',
  'details',
];

/** The form's fields as one cell: 'People present: ...; Living conditions: ...'. */
const detailsOf = (form: Form) =>
  FORM_FIELDS[form.type]
    .map((field) => [field.label, formFieldText(field, form.fields[field.key])] as const)
    .filter(([, text]) => text !== '')
    .map(([label, text]) => `${label}: ${text}`)
    .join('; ');

/** Every form the list shows with these filters, newest first, as a formula-safe CSV file. */
export async function exportFormsCsv(
  deps: AppDeps,
  user: SessionUser,
  query: FormExportQuery,
): Promise<string> {
  const rows = await selectForms(deps.db)
    .where(formFilters(user, query))
    .orderBy(...newestForms);
  return toCsv(
    CSV_COLUMNS,
    rows
      .map(formDto)
      .map((form) => [
        form.form_date,
        FORM_TYPE_LABELS[form.type],
        form.student_name,
        FORM_STATUS_LABELS[form.status],
        form.author_name,
        form.completed_at,
        form.reviewed_by_name,
        form.reviewed_at,
        form.review_note,
        detailsOf(form),
      ]),
  );
}

const GREEN = '#047857';
const INK = '#0f172a';
const MUTED = '#475569';
const MARGIN = 50;

/** Characters the built-in fonts cannot draw become '?', never broken glyphs. */
const printable = (text: string) =>
  text.replace(/[^\t\n\r\u0020-\u007e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026]/gu, '?');

type PdfPhoto = Awaited<ReturnType<typeof photoBytes>>[number];

/** A home visit's photos, each fitted to the page's width; PDFKit draws JPEG and PNG only. */
function drawPhotos(doc: PDFKit.PDFDocument, photos: PdfPhoto[], width: number) {
  if (photos.length === 0) return;
  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(11).fillColor(GREEN).text('Photos', { width });
  for (const [i, photo] of photos.entries()) {
    if (photo.mimeType === FILE_TYPES.webp) {
      doc
        .moveDown(0.2)
        .font('Helvetica-Oblique')
        .fillColor(MUTED)
        .text(`Photo ${i + 1} is a WebP image, which a PDF cannot hold: open the form to see it.`, { width });
      continue;
    }
    if (doc.y + PHOTO_HEIGHT > doc.page.height - MARGIN) doc.addPage();
    doc.moveDown(0.4).image(photo.bytes, MARGIN, doc.y, { fit: [width, PHOTO_HEIGHT] });
    doc.y += PHOTO_HEIGHT;
  }
}

const PHOTO_HEIGHT = 280;

function formPdf(form: Form, photos: PdfPhoto[]): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${FORM_TYPE_LABELS[form.type]} form` },
  });
  const width = doc.page.width - MARGIN * 2;
  doc
    .font('Helvetica-Bold')
    .fontSize(20)
    .fillColor(GREEN)
    .text(`${FORM_TYPE_LABELS[form.type]} Form`, { width });
  doc
    .moveDown(0.3)
    .font('Helvetica')
    .fontSize(12)
    .fillColor(INK)
    .text(printable(form.student_name), { width });
  const facts = [
    ['Date', form.form_date],
    ['Status', FORM_STATUS_LABELS[form.status]],
    ['Written by', form.author_name ?? '—'],
    ...(form.completed_at ? [['Completed', form.completed_at.slice(0, 10)]] : []),
    ...(form.reviewed_at
      ? [['Reviewed', `${form.reviewed_at.slice(0, 10)} by ${form.reviewed_by_name ?? '—'}`]]
      : []),
  ];
  doc.moveDown(0.8).fontSize(10);
  for (const [label, value] of facts) {
    doc.font('Helvetica-Bold').fillColor(MUTED).text(`${label}: `, { continued: true, width });
    doc
      .font('Helvetica')
      .fillColor(INK)
      .text(printable(value ?? ''));
  }
  doc
    .moveDown(0.8)
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + width, doc.y)
    .strokeColor('#cbd5e1')
    .stroke();
  for (const field of FORM_FIELDS[form.type]) {
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(11).fillColor(GREEN).text(field.label, { width });
    const text = formFieldText(field, form.fields[field.key]);
    doc
      .moveDown(0.2)
      .font(text ? 'Helvetica' : 'Helvetica-Oblique')
      .fontSize(11)
      .fillColor(text ? INK : MUTED)
      .text(printable(text || 'Not filled in'), { width });
  }
  if (form.review_note) {
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(11).fillColor(GREEN).text('Review note', { width });
    doc.moveDown(0.2).font('Helvetica').fillColor(INK).text(printable(form.review_note), { width });
  }
  drawPhotos(doc, photos, width);
  doc.end();
  return doc;
}

/** The form as a printable PDF and the name to save it under, for those who reach the form. */
export async function formPdfDownload(deps: AppDeps, user: SessionUser, id: string) {
  const form = formDto(await visibleForm(deps.db, user, id));
  const who =
    form.student_name
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || 'student';
  const photos = await photoBytes(deps.db, form.photo_ids);
  return {
    document: formPdf(form, photos),
    filename: `${form.type.replace('_', '-')}-${who}-${form.form_date}.pdf`,
  };
}
