import { pipeline, type Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import { BACKUP_MESSAGES as M } from '../../../contracts/backups';

/*
 * The backup file: one gzip-compressed JSON document,
 *
 *   {"format":"chl-backoffice-backup","format_version":1,"schema_migration":"0020_…","created_at":"…","tables":{
 *   "allowances":{"columns":["id",…],"types":["uuid",…],"rows":[
 *   ["0190…","Mwila",null,…]
 *   ,["0190…","Chanda",null,…]
 *   ]}
 *   ,"students":{…
 *   }}
 *
 * Every value is PostgreSQL's own text for it (bytea as base64) or null, so it goes back exactly,
 * into embedded PGlite or a server alike. Any JSON tool reads the file; this app also relies on
 * its layout, one row to a line, so that a restore streams it instead of holding a database's
 * worth of JSON in memory (and past V8's longest string). Tables come in the order a restore
 * inserts them: each after the tables its foreign keys point at.
 */

export const BACKUP_FORMAT = 'chl-backoffice-backup';
export const BACKUP_FORMAT_VERSION = 1;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  format_version: typeof BACKUP_FORMAT_VERSION;
  /** The newest migration of the database it was made from; a restore needs the same. */
  schema_migration: string;
  created_at: string;
}

export type Cell = string | null;

/** A file that cannot be restored, with the reason for the admin: always a 400. */
export class BackupFileError extends Error {}

// --- writing: a comma leads each line after the first of its list, so a reader knows its place ---

export const headerLine = (header: BackupHeader) => `${JSON.stringify(header).slice(0, -1)},"tables":{`;

export const tableStartLine = (name: string, columns: string[], types: string[], first: boolean) =>
  `\n${first ? '' : ','}${JSON.stringify(name)}:{"columns":${JSON.stringify(columns)},"types":${JSON.stringify(types)},"rows":[`;

/** The rows of one fetch, each on its own line; `first` when no row of the table came before. */
export const rowLines = (rows: Cell[][], first: boolean) =>
  rows.map((row, i) => `\n${first && i === 0 ? '' : ','}${JSON.stringify(row)}`).join('');

export const tableEndLine = '\n]}';
export const footerLine = '\n}}\n';

// --- reading ---

export type BackupEvent =
  | { kind: 'header'; header: BackupHeader }
  | { kind: 'table'; name: string; columns: string[]; types: string[] }
  | { kind: 'row'; cells: Cell[] }
  | { kind: 'table-end' };

/** One row may hold a stored file's 1 MB part; nothing this app writes comes near this. */
const MAX_LINE_CHARS = 64 * 1024 * 1024;

const damaged = (detail: string) => new BackupFileError(`${M.damaged}: ${detail}.`);

/** The decompressed lines of a gzip stream; a file that is not gzip, or is cut short, is refused. */
async function* gzipLines(source: Readable): AsyncGenerator<string> {
  const unzipped = pipeline(source, createGunzip(), () => {});
  const decoder = new StringDecoder('utf8');
  let pending = '';
  let started = false;
  try {
    for await (const chunk of unzipped) {
      started = true;
      const text = decoder.write(chunk as Buffer);
      // Only the new text is searched: a stored file's line arrives in a hundred chunks.
      let start = 0;
      for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
        yield pending + text.slice(start, end);
        pending = '';
        start = end + 1;
      }
      pending += text.slice(start);
      if (pending.length > MAX_LINE_CHARS) throw damaged('a line is far longer than any backup writes');
    }
  } catch (error) {
    if (error instanceof BackupFileError) throw error;
    const code = (error as { code?: string }).code;
    if (!started && code === 'Z_DATA_ERROR') throw new BackupFileError(M.notGzip);
    if (code === 'Z_BUF_ERROR') throw damaged('it ends too early');
    if (code?.startsWith('Z_')) throw damaged('its compressed data is corrupt');
    throw error;
  } finally {
    unzipped.destroy();
  }
  pending += decoder.end();
  if (pending.length > 0) yield pending;
}

function parse(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw damaged(what);
  }
}

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((v) => typeof v === 'string');

function readHeader(line: string | undefined): BackupHeader {
  let value: unknown;
  try {
    value = JSON.parse(`${line ?? ''}}}`);
  } catch {
    throw new BackupFileError(M.notBackup);
  }
  const header = value as Partial<BackupHeader> & { tables?: unknown };
  if (!header || typeof header !== 'object' || header.format !== BACKUP_FORMAT)
    throw new BackupFileError(M.notBackup);
  if (!header.tables || typeof header.tables !== 'object' || Object.keys(header.tables).length > 0)
    throw new BackupFileError(M.notBackup);
  if (header.format_version !== BACKUP_FORMAT_VERSION)
    throw new BackupFileError(`${M.notBackup} (format version ${String(header.format_version)})`);
  if (typeof header.schema_migration !== 'string' || typeof header.created_at !== 'string')
    throw damaged('its heading is incomplete');
  if (Number.isNaN(Date.parse(header.created_at))) throw damaged('its date is not a date');
  return {
    format: BACKUP_FORMAT,
    format_version: BACKUP_FORMAT_VERSION,
    schema_migration: header.schema_migration,
    created_at: header.created_at,
  };
}

function readTableStart(line: string): { name: string; columns: string[]; types: string[] } {
  const value = parse(`{${line.replace(/^,/, '')}]}}`, 'a table heading is not readable');
  const entries = Object.entries(value as Record<string, unknown>);
  const [name, body] = entries[0] ?? [];
  const table = body as { columns?: unknown; types?: unknown; rows?: unknown } | undefined;
  if (
    entries.length !== 1 ||
    !name ||
    !table ||
    !isStringArray(table.columns) ||
    !isStringArray(table.types) ||
    table.columns.length !== table.types.length ||
    table.columns.length === 0 ||
    !Array.isArray(table.rows) ||
    table.rows.length !== 0
  )
    throw damaged('a table heading is not readable');
  return { name, columns: table.columns, types: table.types };
}

/**
 * The file as events, checking its layout as it goes: a file that is not this app's backup, or is
 * damaged anywhere, throws a BackupFileError (at the latest when its end is reached).
 */
export async function* readBackup(source: Readable): AsyncGenerator<BackupEvent> {
  const lines = gzipLines(source);
  // Closes the file however the reader stops, even before the first line of rows.
  try {
    const first = await lines.next();
    yield { kind: 'header', header: readHeader(first.done ? undefined : first.value) };
    let state: 'tables' | 'rows' | 'done' = 'tables';
    let columns = 0;
    let rowsSoFar = 0;
    let tablesSoFar = 0;
    for await (const line of lines) {
      if (state === 'done') {
        if (line.trim() !== '') throw damaged('something follows its end');
        continue;
      }
      if (state === 'rows') {
        if (line === ']}') {
          state = 'tables';
          yield { kind: 'table-end' };
          continue;
        }
        const cells = parse(rowsSoFar === 0 ? line : line.replace(/^,/, ''), 'a row is not readable');
        if (
          (rowsSoFar > 0 && !line.startsWith(',')) ||
          !Array.isArray(cells) ||
          cells.length !== columns ||
          !cells.every((cell) => cell === null || typeof cell === 'string')
        )
          throw damaged('a row is not readable');
        rowsSoFar += 1;
        yield { kind: 'row', cells: cells as Cell[] };
        continue;
      }
      if (line === '}}') {
        state = 'done';
        continue;
      }
      if (tablesSoFar > 0 !== line.startsWith(',')) throw damaged('a table heading is not readable');
      const table = readTableStart(line);
      tablesSoFar += 1;
      columns = table.columns.length;
      rowsSoFar = 0;
      state = 'rows';
      yield { kind: 'table', ...table };
    }
    if (state !== 'done') throw damaged('it ends too early');
  } finally {
    await lines.return(undefined);
  }
}
