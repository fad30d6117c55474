import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { RESTORE_CONFIRMATION_WORD as CONFIRM, BACKUP_MESSAGES as M } from '../../../contracts/backups';
import { json } from '../../testing/factories';
import { backUp, backupLines, everyRow, fileDemoWorld, restoreUpload, sessionCount } from './backup-test-kit';

/*
 * A file a restore cannot use is refused with a 400 that says why, and nothing changes: not one
 * row of any table, not one session. Some fail only inside the restore's transaction, after every
 * table was emptied: the rollback must bring everything back.
 */

const { t, admin, send } = fileDemoWorld();

describe('a file that cannot be restored', () => {
  const tableAt = (lines: string[], name: string) =>
    lines.findIndex((l) => l.replace(/^,/, '').startsWith(`"${name}":`));
  /** The backup's lines with one table's heading or rows changed by `edit`. */
  const edited = (bytes: Uint8Array, edit: (lines: string[]) => void) => {
    const lines = backupLines(bytes);
    edit(lines);
    return gzipSync(lines.join('\n'));
  };
  /** Sets one cell of a table's first row. */
  const cell = (lines: string[], table: string, column: string, value: string) => {
    const at = tableAt(lines, table);
    const heading = JSON.parse(`{${lines[at]!.replace(/^,/, '')}]}}`) as Record<
      string,
      { columns: string[] }
    >;
    const row = JSON.parse(lines[at + 1]!) as Array<string | null>;
    row[heading[table]!.columns.indexOf(column)] = value;
    lines[at + 1] = JSON.stringify(row);
  };

  it('is refused with a clear 400, whatever is wrong with it, and nothing changes', async () => {
    const { backup, bytes } = await backUp(t, admin.token);
    const state = await everyRow(t.database.db);
    const sessions = await sessionCount(t.database.db);
    const other = '00000000-0000-4000-8000-000000000999';
    const cases: Array<[string, () => Promise<Response>, string]> = [
      ['no confirmation', () => send('POST', '/api/backups/restore', { id: backup.id }), M.confirm],
      [
        'a wrong confirmation',
        () => send('POST', '/api/backups/restore', { id: backup.id, confirmation: 'yes' }),
        M.confirm,
      ],
      ['no body at all', () => send('POST', '/api/backups/restore'), M.chooseBackup],
      ['an upload without confirmation', () => restoreUpload(t, admin.token, bytes), M.confirm],
      ['an empty file', () => restoreUpload(t, admin.token, new Uint8Array(), CONFIRM), M.chooseFile],
      [
        'not gzip',
        () => restoreUpload(t, admin.token, Buffer.from('id,name\n1,Mwila\n'), CONFIRM),
        M.notGzip,
      ],
      [
        'gzip of junk',
        () => restoreUpload(t, admin.token, gzipSync('{"hello": [1, 2, 3]}'), CONFIRM),
        M.notBackup,
      ],
      [
        'gzip of text',
        () => restoreUpload(t, admin.token, gzipSync('not JSON at all'), CONFIRM),
        M.notBackup,
      ],
      [
        'a foreign format',
        () =>
          restoreUpload(
            t,
            admin.token,
            gzipSync('{"format":"pg_dump","format_version":1,"tables":{\n}}\n'),
            CONFIRM,
          ),
        M.notBackup,
      ],
      [
        'cut short',
        () => restoreUpload(t, admin.token, bytes.subarray(0, Math.floor(bytes.length / 2)), CONFIRM),
        M.damaged,
      ],
      [
        'another version of the database',
        () =>
          restoreUpload(
            t,
            admin.token,
            edited(bytes, (l) => {
              l[0] = l[0]!.replace(/"schema_migration":"[^"]+"/, '"schema_migration":"0019_system_settings"');
            }),
            CONFIRM,
          ),
        `${M.otherVersion} (0019_system_settings;`,
      ],
      [
        'a column renamed',
        () =>
          restoreUpload(
            t,
            admin.token,
            edited(bytes, (l) => {
              const at = tableAt(l, 'students');
              l[at] = l[at]!.replace('"first_name"', '"given_name"');
            }),
            CONFIRM,
          ),
        `${M.mismatch}: table "students" has columns the database lacks (given_name text)`,
      ],
      [
        'a table missing',
        () =>
          restoreUpload(
            t,
            admin.token,
            edited(bytes, (l) => {
              const at = tableAt(l, 'story_views');
              const end = l.indexOf(']}', at);
              l.splice(at, end - at + 1);
            }),
            CONFIRM,
          ),
        `${M.mismatch}: it lacks the table story_views`,
      ],
      [
        'a row too short',
        () =>
          restoreUpload(
            t,
            admin.token,
            edited(bytes, (l) => {
              l[tableAt(l, 'users') + 1] = '["x"]';
            }),
            CONFIRM,
          ),
        M.damaged,
      ],
      // These pass the reading and fail inside the transaction, after every table was emptied.
      [
        'a value of the wrong type',
        () =>
          restoreUpload(
            t,
            admin.token,
            edited(bytes, (l) => cell(l, 'allowances', 'total', 'a lot')),
            CONFIRM,
          ),
        `${M.mismatch}: invalid input syntax for type numeric`,
      ],
      [
        'a row pointing at nothing',
        () =>
          restoreUpload(
            t,
            admin.token,
            edited(bytes, (l) => cell(l, 'allowance_comments', 'allowance_id', other)),
            CONFIRM,
          ),
        M.mismatch,
      ],
      [
        'a row twice',
        () =>
          restoreUpload(
            t,
            admin.token,
            edited(bytes, (l) => {
              const at = tableAt(l, 'users');
              l.splice(at + 2, 0, l[at + 2]!);
            }),
            CONFIRM,
          ),
        M.mismatch,
      ],
    ];
    const answers: Array<[string, number, string]> = [];
    for (const [name, attempt, message] of cases) {
      const res = await attempt();
      const { error } = await json<{ error: string }>(res);
      answers.push([name, res.status, error.startsWith(message) ? message : error]);
      expect(await everyRow(t.database.db), name).toEqual(state);
      expect(await sessionCount(t.database.db), name).toBe(sessions);
    }
    expect(answers).toEqual(cases.map(([name, , message]) => [name, 400, message]));
    expect((await send('GET', '/api/backups')).status).toBe(200);
  });
});
