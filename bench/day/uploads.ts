/**
 * The day's two big files, built from the seeded data: a 10,000-row allowance upload (the next
 * period of the first 10,000 students, by id and CHL number) and a 5,000-row student import (new
 * students). Each is sent through the API as the screens send it, multipart field "file".
 */

import { request } from 'node:http';
import { ALLOWANCE_TEMPLATE_COLUMNS } from '../../src/contracts/allowances';
import { STUDENT_IMPORT_TEMPLATE_HEADER } from '../../src/contracts/students';
import type { DayWorld } from './world';

export const UPLOAD_ROWS = 10_000;
export const IMPORT_ROWS = 5_000;

export function allowanceCsv(world: DayWorld): string {
  const lines = [ALLOWANCE_TEMPLATE_COLUMNS.join(',')];
  for (const s of world.students.slice(0, UPLOAD_ROWS)) {
    const level = s.level === 'diploma' ? 'college' : s.level;
    lines.push(`${s.id},"${s.name}",${s.chl},March,${world.uploadYear},${level},900,,,,,`);
  }
  return lines.join('\n');
}

export function studentCsv(): string {
  const lines = [STUDENT_IMPORT_TEMPLATE_HEADER];
  for (let i = 0; i < IMPORT_ROWS; i++)
    lines.push(
      `Imported${i},Dayrow${i},imported${i}@day.example.org,+26096${String(i).padStart(7, '0')},Matero,diploma,` +
        `"Northern Technical College, Ndola",Diploma in Journalism,DAY-IMP-${String(i).padStart(5, '0')},female,2004-05-06`,
    );
  return lines.join('\n');
}

export interface Sent {
  label: string;
  started: number;
  ended: number;
  status: number;
  outcome: string;
}

/** Sends one file; answers when it started and ended (performance.now()) and the answer's gist. */
export async function sendFile(
  baseUrl: string,
  token: string,
  path: string,
  name: string,
  csv: string,
  label: string,
): Promise<Sent> {
  const form = new FormData();
  form.append('file', new File([csv], name, { type: 'text/csv' }));
  // Encoded as fetch would, but sent with node:http: fetch gives up on an answer whose headers take
  // longer than 300 s (undici's headersTimeout), which a 10,000-row upload can on a loaded machine.
  const encoded = new Request(`${baseUrl}${path}`, { method: 'POST', body: form });
  const body = Buffer.from(await encoded.arrayBuffer());
  const started = performance.now();
  const res = await postWithoutTimeout(`${baseUrl}${path}`, body, {
    authorization: `Bearer ${token}`,
    'content-type': encoded.headers.get('content-type') ?? 'multipart/form-data',
  });
  const text = res.text;
  const ended = performance.now();
  let outcome = text.slice(0, 160);
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    const count = body.created ?? body.imported ?? body.inserted ?? body.count;
    const errors = Array.isArray(body.errors)
      ? body.errors.length
      : Array.isArray(body.skipped)
        ? body.skipped.length
        : 0;
    outcome = count === undefined ? text.slice(0, 160) : `${count} written, ${errors} refused`;
  } catch {}
  return { label, started, ended, status: res.status, outcome };
}

/** One POST over node:http with no time limit of its own: the file takes as long as it takes. */
function postWithoutTimeout(
  url: string,
  body: Buffer,
  headers: Record<string, string>,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', headers: { ...headers, 'content-length': body.length } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
