/**
 * Student Files (docs/product.md §2, §3, D11, D14): the documents kept for a student. What may be
 * stored is decided from the file's content, never its name alone.
 */

export const FILE_CATEGORIES = ['academic', 'personal', 'financial', 'medical', 'other'] as const;
export type FileCategory = (typeof FILE_CATEGORIES)[number];
export const FILE_CATEGORY_LABELS: Record<FileCategory, string> = {
  academic: 'Academic',
  personal: 'Personal',
  financial: 'Financial',
  medical: 'Medical',
  other: 'Other',
};

export const MAX_FILE_BYTES = 10 * 1024 * 1024;

export const FILE_MESSAGES = {
  notFound: 'File not found',
  fileRequired: 'Please choose a file to upload.',
  studentRequired: 'Please select a student',
  studentNotFound: 'Student not found',
  categoryRequired: 'Please choose a category',
  formNotFound: 'Form not found',
  formOtherStudent: 'The form is about another student.',
  tooLarge: 'The file is larger than 10 MB.',
  empty: 'The file is empty.',
  refused:
    'This type of file is not accepted. Upload a PDF, an image (PNG, JPEG, WebP), a text or CSV file, or a Word or Excel document.',
  uploaded: (n: number) => (n === 1 ? 'File uploaded.' : `${n} files uploaded.`),
  deleted: 'File deleted.',
  noneFound: 'No files found...',
} as const;

/** A size as people read it: '512 Bytes', '1.5 KB', '2.25 MB', '1 GB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} Bytes`;
  const units = ['KB', 'MB', 'GB'] as const;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number(value.toFixed(2))} ${units[unit]}`;
}

/** The types a student file may have, as sent back in Content-Type. */
export const FILE_TYPES = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  text: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
} as const;

/** Types the app shows itself (View), from the same download. */
export const isPreviewable = (mimeType: string) =>
  mimeType === FILE_TYPES.pdf || mimeType.startsWith('image/') || mimeType.startsWith('text/');

/** Names that say "run me" are refused whatever the content (a script is also plain text). */
const REFUSED_EXTENSIONS = new Set([
  'exe',
  'dll',
  'com',
  'scr',
  'msi',
  'bat',
  'cmd',
  'ps1',
  'psm1',
  'vbs',
  'vbe',
  'js',
  'mjs',
  'cjs',
  'jse',
  'wsf',
  'wsh',
  'hta',
  'sh',
  'bash',
  'zsh',
  'py',
  'pl',
  'rb',
  'php',
  'jar',
  'apk',
  'app',
  'html',
  'htm',
  'xhtml',
  'shtml',
  'svg',
  'svgz',
  'xml',
  'xsl',
  'swf',
  'lnk',
  'reg',
  'cpl',
  'elf',
]);

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
};

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The first `length` bytes of the parts (or all of them, if fewer), as one array. */
function headOf(parts: readonly Uint8Array[], length: number): Uint8Array {
  const head = new Uint8Array(
    Math.min(
      length,
      parts.reduce((n, p) => n + p.byteLength, 0),
    ),
  );
  let at = 0;
  for (const part of parts) {
    if (at >= head.length) break;
    const take = part.subarray(0, head.length - at);
    head.set(take, at);
    at += take.length;
  }
  return head;
}

function indexIn(bytes: Uint8Array, target: readonly number[]): boolean {
  const first = target[0]!;
  for (
    let i = bytes.indexOf(first);
    i >= 0 && i <= bytes.length - target.length;
    i = bytes.indexOf(first, i + 1)
  ) {
    if (startsWith(bytes, target, i)) return true;
  }
  return false;
}

/** Whether `needle` occurs in the parts, across their seams too (the part names in an Office zip). */
function contains(parts: readonly Uint8Array[], needle: string): boolean {
  const target = ascii(needle);
  const keep = target.length - 1;
  // The last `keep` bytes seen so far, for a needle that starts in one part and ends in a later one.
  let carry: Uint8Array = new Uint8Array(0);
  const joined = (a: Uint8Array, b: Uint8Array) => {
    const both = new Uint8Array(a.length + b.length);
    both.set(a);
    both.set(b, a.length);
    return both;
  };
  for (const part of parts) {
    if (indexIn(joined(carry, part.subarray(0, keep)), target) || indexIn(part, target)) return true;
    carry = part.length >= keep ? part.subarray(part.length - keep) : joined(carry, part).subarray(-keep);
  }
  return false;
}

/** Markup a browser would render or run: HTML, SVG, XML, whatever the file is called. */
const MARKUP =
  /^\s*<(?:!doctype|!--|\?xml|html|head|body|script|svg|iframe|object|embed|meta|style|a\s|div|img)/i;
// biome-ignore lint/suspicious/noControlCharactersInRegex: looking for control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/;

/**
 * Whether the parts are UTF-8 text without control characters other than tab, line feed,
 * carriage return and form feed, decoded part by part (a file is never copied whole to check it).
 */
function isPlainText(parts: readonly Uint8Array[]): boolean {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for (const part of parts) if (CONTROL.test(decoder.decode(part, { stream: true }))) return false;
    return !CONTROL.test(decoder.decode());
  } catch {
    return false;
  }
}

/**
 * The type of a file from its content (D14), or null when it may not be stored: PDF, PNG, JPEG,
 * WebP, Word and Excel (the zip of a .docx or .xlsx, or an older .doc or .xls so named), and plain
 * text or CSV (so named). HTML, SVG, scripts and executables are refused whatever their name.
 * The content may come as the parts it arrived in.
 */
export function detectFileType(content: Uint8Array | readonly Uint8Array[], name: string): string | null {
  const parts = content instanceof Uint8Array ? [content] : content;
  const extension = extensionOf(name);
  if (REFUSED_EXTENSIONS.has(extension)) return null;
  const head = headOf(parts, 1024);
  if (startsWith(head, ascii('%PDF-'))) return FILE_TYPES.pdf;
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return FILE_TYPES.png;
  if (startsWith(head, [0xff, 0xd8, 0xff])) return FILE_TYPES.jpeg;
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return FILE_TYPES.webp;
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) && contains(parts, '[Content_Types].xml')) {
    if (contains(parts, 'word/')) return FILE_TYPES.docx;
    if (contains(parts, 'xl/')) return FILE_TYPES.xlsx;
    return null;
  }
  // The compound file of Word 97-2003 and Excel 97-2003 (and of installers, hence the name check).
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    if (extension === 'doc') return FILE_TYPES.doc;
    if (extension === 'xls') return FILE_TYPES.xls;
    return null;
  }
  if (!isPlainText(parts)) return null;
  // The head may end inside a character: decoded leniently, only its start matters here.
  const start = new TextDecoder('utf-8').decode(head);
  if (start.startsWith('#!') || MARKUP.test(start)) return null;
  return extension === 'csv' ? FILE_TYPES.csv : FILE_TYPES.text;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
const UNSAFE_NAME_CHARACTERS = /[\u0000-\u001f\u007f"<>:|?*]/g;

/**
 * A file name safe to send back in Content-Disposition and to show: no path, no control or quote
 * characters, at most 200 characters, never empty.
 */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(UNSAFE_NAME_CHARACTERS, '').trim().replace(/^\.+/, '');
  if (cleaned === '') return 'file';
  if (cleaned.length <= 200) return cleaned;
  const extension = extensionOf(cleaned);
  const keep = extension && extension.length < 10 ? `.${extension}` : '';
  return cleaned.slice(0, 200 - keep.length) + keep;
}

/** The fields of a student file as its History and the Activity Log name them (domain/audit-labels.ts). */
export const STUDENT_FILE_FIELD_LABELS: Readonly<Record<string, string>> = {
  student_id: 'Student',
  form_id: 'Form',
  name: 'Name',
  mime_type: 'File type',
  size: 'Size (bytes)',
  category: 'Category',
  storage_key: 'Stored file',
  uploaded_by_id: 'Uploaded by',
};
