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

/** Whether `needle` occurs in the bytes (the part names inside an Office file's zip). */
function contains(bytes: Uint8Array, needle: string): boolean {
  const target = ascii(needle);
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

/** Markup a browser would render or run: HTML, SVG, XML, whatever the file is called. */
const MARKUP =
  /^\s*<(?:!doctype|!--|\?xml|html|head|body|script|svg|iframe|object|embed|meta|style|a\s|div|img)/i;

/** UTF-8 text without control characters other than tab, line feed, carriage return and form feed. */
function plainText(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for control characters is the point
  return /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text) ? null : text;
}

/**
 * The type of a file from its content (D14), or null when it may not be stored: PDF, PNG, JPEG,
 * WebP, Word and Excel (the zip of a .docx or .xlsx, or an older .doc or .xls so named), and plain
 * text or CSV (so named). HTML, SVG, scripts and executables are refused whatever their name.
 */
export function detectFileType(bytes: Uint8Array, name: string): string | null {
  const extension = extensionOf(name);
  if (REFUSED_EXTENSIONS.has(extension)) return null;
  if (startsWith(bytes, ascii('%PDF-'))) return FILE_TYPES.pdf;
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return FILE_TYPES.png;
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return FILE_TYPES.jpeg;
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return FILE_TYPES.webp;
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) && contains(bytes, '[Content_Types].xml')) {
    if (contains(bytes, 'word/')) return FILE_TYPES.docx;
    if (contains(bytes, 'xl/')) return FILE_TYPES.xlsx;
    return null;
  }
  // The compound file of Word 97-2003 and Excel 97-2003 (and of installers, hence the name check).
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    if (extension === 'doc') return FILE_TYPES.doc;
    if (extension === 'xls') return FILE_TYPES.xls;
    return null;
  }
  const text = plainText(bytes);
  if (text === null || text.startsWith('#!') || MARKUP.test(text)) return null;
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
