import { Readable } from 'node:stream';
import busboy from 'busboy';
import type { Context } from 'hono';
import { badRequest, HttpError } from './errors';
import { BROKEN_CHARACTER, hasBrokenCharacter } from './json-guard';

/*
 * One file sent as multipart form data, read as a stream (busboy): the file arrives as the chunks
 * the network gave, never copied into one buffer, and reading stops once it passes `maxBytes`.
 * Together with the file store's 1 MB parts, an upload holds about its own size in memory (D14).
 */

export interface UploadedFile {
  name: string;
  chunks: Buffer[];
  size: number;
}

export interface FileUpload {
  fields: Record<string, string>;
  file: UploadedFile | null;
}

const NOT_MULTIPART = 'Send the file as multipart form data in the field "file".';

/** The fields and the one file (field `file`) of a multipart body; 413 with `tooLarge` past `maxBytes`. */
export function readFileUpload(c: Context, maxBytes: number, tooLarge: string): Promise<FileUpload> {
  const body = c.req.raw.body;
  const contentType = c.req.header('content-type') ?? '';
  if (!body || !contentType.toLowerCase().startsWith('multipart/form-data')) throw badRequest(NOT_MULTIPART);
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': contentType },
        // Busboy signals the limit on reaching it: one byte more tells a file of exactly maxBytes apart.
        limits: { files: 1, fileSize: maxBytes + 1, fields: 20, fieldSize: 4096, parts: 25 },
      });
    } catch {
      reject(badRequest(NOT_MULTIPART));
      return;
    }
    const fields: Record<string, string> = {};
    let file: UploadedFile | null = null;
    let failure: Error | null = null;
    // A part may name its charset: as UTF-16 it can carry a lone surrogate, which no text column
    // or activity entry holds (see BROKEN_CHARACTER). The first one found is the answer.
    const refuseBroken = (name: string, text: string) => {
      if (!failure && hasBrokenCharacter(text))
        failure = badRequest(BROKEN_CHARACTER, { [name]: BROKEN_CHARACTER });
    };
    parser.on('field', (name, value) => {
      refuseBroken(name, value);
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (name !== 'file' || file) {
        stream.resume();
        return;
      }
      refuseBroken(name, info.filename ?? '');
      const received: UploadedFile = { name: info.filename ?? '', chunks: [], size: 0 };
      file = received;
      stream.on('data', (chunk: Buffer) => {
        received.chunks.push(chunk);
        received.size += chunk.byteLength;
      });
      // A body cut short fails the file's stream as well as the parser; the parser's error answers.
      stream.on('error', () => {});
      stream.on('limit', () => {
        failure = new HttpError(413, tooLarge);
        received.chunks = [];
      });
    });
    parser.on('error', () => reject(failure ?? badRequest(NOT_MULTIPART)));
    parser.on('close', () => (failure ? reject(failure) : resolve({ fields, file })));
    const source = Readable.fromWeb(body as Parameters<typeof Readable.fromWeb>[0]);
    source.on('error', () => reject(badRequest(NOT_MULTIPART)));
    source.pipe(parser);
  });
}
