import { Readable } from 'node:stream';
import type { Context } from 'hono';

/*
 * The headers a stored file is sent with (D14): always an attachment, with its type as found on
 * upload, never sniffed, and a policy under which nothing in it can run if opened by itself.
 */

/** The name in Content-Disposition: ASCII for old clients, the real name as RFC 5987 UTF-8. */
export function attachmentHeader(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export function fileDownloadHeaders(file: { name: string; mimeType: string; size: number }) {
  return {
    'content-type': file.mimeType,
    'content-length': String(file.size),
    'content-disposition': attachmentHeader(file.name),
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
    'cache-control': 'private, no-store',
  };
}

/** A PDF drawn for the request (a form, a yearbook), streamed out as it is drawn; never cached. */
export function pdfDownload(c: Context, pdf: { document: Readable; filename: string }) {
  return c.body(Readable.toWeb(pdf.document) as ReadableStream, 200, {
    'content-type': 'application/pdf',
    'content-disposition': `attachment; filename="${pdf.filename}"`,
    'cache-control': 'no-store',
  });
}
