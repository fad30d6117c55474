import type { Context } from 'hono';
import { z } from 'zod';

/** The OpenAPI answer of a route that sends a CSV file. */
export const csvDownloadResponse = {
  description: 'CSV file (UTF-8 with BOM), formulas written as text',
  content: { 'text/csv': { schema: z.string() } },
};

/** Sends a CSV file to save under `filename`; never cached, as it holds programme records. */
export function csvDownload(c: Context, csv: string | ReadableStream, filename: string) {
  return c.body(csv, 200, {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${filename}"`,
    'cache-control': 'no-store',
  });
}
