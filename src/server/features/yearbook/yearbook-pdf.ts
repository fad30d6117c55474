import PDFDocument from 'pdfkit';
import type { Entry, Memory } from '../../../contracts/yearbook';
import { initialsOf } from '../../../domain/names';
import { plural } from '../../../domain/plural';
import { classOf } from '../../../domain/yearbook';

/*
 * The printable yearbook (Download PDF): a cover with the title, theme and class, a card per
 * approved graduate (photo or initials, name, program, quote, achievements), then the memory wall.
 * Drawn with PDFKit's built-in Helvetica, whose WinAnsi encoding covers the programme's names.
 */

export interface YearbookPdfContent {
  year: number;
  title: string;
  theme: string | null;
  graduates: Entry[];
  memories: Memory[];
  /** Each photo address's image, or null to draw initials. */
  photos: Map<string, Buffer | null>;
}

const PAGE = { size: 'A4', margin: 50 } as const;
const PHOTO = 72;
const GREEN = '#047857';
const INK = '#0f172a';
const MUTED = '#475569';

/** Characters the built-in fonts cannot draw become '?', never broken glyphs. */
const printable = (text: string) =>
  text.replace(/[^\t\n\r\u0020-\u007e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026]/gu, '?');

function cover(doc: PDFKit.PDFDocument, content: YearbookPdfContent) {
  const width = doc.page.width - PAGE.margin * 2;
  doc.rect(0, 0, doc.page.width, doc.page.height).fill('#ecfdf5');
  doc.fillColor(GREEN).font('Helvetica-Bold').fontSize(18);
  doc.text(classOf(content.year), PAGE.margin, 250, { width, align: 'center' });
  doc.moveDown(0.5).fillColor(INK).fontSize(32).text(printable(content.title), { width, align: 'center' });
  if (content.theme)
    doc
      .moveDown(0.5)
      .font('Helvetica-Oblique')
      .fontSize(16)
      .fillColor(MUTED)
      .text(printable(content.theme), { width, align: 'center' });
  doc
    .moveDown(2)
    .font('Helvetica')
    .fontSize(12)
    .fillColor(MUTED)
    .text(
      `${plural(content.graduates.length, 'graduate')} · ${plural(content.memories.length, 'memory', 'memories')}`,
      {
        width,
        align: 'center',
      },
    );
}

function heading(doc: PDFKit.PDFDocument, text: string) {
  doc.font('Helvetica-Bold').fontSize(20).fillColor(GREEN).text(text, PAGE.margin, PAGE.margin);
  doc.moveDown(0.8);
}

/** Starts a new page when `height` does not fit below the cursor. */
function room(doc: PDFKit.PDFDocument, height: number, title: string) {
  if (doc.y + height <= doc.page.height - PAGE.margin) return;
  doc.addPage(PAGE);
  heading(doc, title);
}

function portrait(
  doc: PDFKit.PDFDocument,
  entry: Entry,
  photo: Buffer | null | undefined,
  x: number,
  y: number,
) {
  if (photo) {
    try {
      doc.save().roundedRect(x, y, PHOTO, PHOTO, 8).clip();
      doc.image(photo, x, y, { cover: [PHOTO, PHOTO], align: 'center', valign: 'center' });
      doc.restore();
      return;
    } catch {
      // A file that claims to be an image but is not one draws as initials, like a missing one.
      doc.restore();
    }
  }
  doc.roundedRect(x, y, PHOTO, PHOTO, 8).fill('#d1fae5');
  doc
    .fillColor(GREEN)
    .font('Helvetica-Bold')
    .fontSize(26)
    .text(initialsOf(entry.student_name), x, y + PHOTO / 2 - 13, { width: PHOTO, align: 'center' });
}

function graduateCard(
  doc: PDFKit.PDFDocument,
  entry: Entry,
  photo: Buffer | null | undefined,
  title: string,
) {
  const x = PAGE.margin;
  const textX = x + PHOTO + 16;
  const width = doc.page.width - PAGE.margin - textX;
  const lines: Array<{ text: string; font: string; size: number; color: string }> = [
    { text: entry.student_name, font: 'Helvetica-Bold', size: 14, color: INK },
    { text: entry.program ?? 'N/A', font: 'Helvetica', size: 10, color: MUTED },
    ...(entry.quote ? [{ text: `"${entry.quote}"`, font: 'Helvetica-Oblique', size: 11, color: INK }] : []),
    ...(entry.achievements ? [{ text: entry.achievements, font: 'Helvetica', size: 10, color: MUTED }] : []),
  ];
  const textHeight = lines.reduce(
    (sum, line) =>
      sum + doc.font(line.font).fontSize(line.size).heightOfString(printable(line.text), { width }) + 4,
    0,
  );
  const height = Math.max(PHOTO, textHeight) + 18;
  room(doc, height, title);
  const top = doc.y;
  portrait(doc, entry, photo, x, top);
  doc.y = top;
  for (const line of lines)
    doc
      .font(line.font)
      .fontSize(line.size)
      .fillColor(line.color)
      .text(printable(line.text), textX, doc.y, { width })
      .moveDown(0.25);
  doc.y = top + height;
  doc
    .moveTo(x, doc.y - 9)
    .lineTo(doc.page.width - PAGE.margin, doc.y - 9)
    .strokeColor('#e2e8f0')
    .lineWidth(0.5)
    .stroke();
}

function memoryCard(doc: PDFKit.PDFDocument, memory: Memory, title: string) {
  const width = doc.page.width - PAGE.margin * 2;
  const byline = `${memory.author_name} · ${memory.created_at.slice(0, 10).split('-').reverse().join('/')}`;
  const height =
    doc.font('Helvetica-Bold').fontSize(10).heightOfString(printable(byline), { width }) +
    doc.font('Helvetica').fontSize(11).heightOfString(printable(memory.message), { width }) +
    20;
  room(doc, height, title);
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor(GREEN)
    .text(printable(byline), PAGE.margin, doc.y, { width });
  doc.font('Helvetica').fontSize(11).fillColor(INK).text(printable(memory.message), { width }).moveDown(1);
}

/** The yearbook as a PDF document, a readable stream of its bytes. */
export function yearbookPdf(content: YearbookPdfContent): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    ...PAGE,
    info: { Title: `${content.title} (${classOf(content.year)})`, Subject: 'Graduation Yearbook' },
  });
  cover(doc, content);

  const graduatesTitle = `Graduates · ${classOf(content.year)}`;
  doc.addPage(PAGE);
  heading(doc, graduatesTitle);
  if (content.graduates.length === 0)
    doc.font('Helvetica').fontSize(12).fillColor(MUTED).text('No graduates found');
  for (const entry of content.graduates)
    graduateCard(doc, entry, entry.photo_url ? content.photos.get(entry.photo_url) : null, graduatesTitle);

  const wallTitle = 'Memory Wall';
  doc.addPage(PAGE);
  heading(doc, wallTitle);
  if (content.memories.length === 0)
    doc.font('Helvetica').fontSize(12).fillColor(MUTED).text('No memories yet. Be the first to share!');
  for (const memory of content.memories) memoryCard(doc, memory, wallTitle);

  doc.end();
  return doc;
}
