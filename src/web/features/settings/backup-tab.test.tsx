// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BACKUP_MESSAGES, type Backup } from '../../../contracts/backups';
import { backupsOf, json, makeBackup, settingsAt, showSettings, stubApi } from './test-support';

const session = vi.hoisted(() => ({ logout: vi.fn(async () => {}) }));
vi.mock('../../lib/session', () => ({ useAuth: () => ({ logout: session.logout }) }));
// jsdom's XMLHttpRequest would really send: the upload is answered here instead.
const upload = vi.hoisted(() => ({ uploadFile: vi.fn() }));
vi.mock('../../lib/upload', () => upload);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  session.logout.mockClear();
  upload.uploadFile.mockReset();
});

const MANUAL = makeBackup();
const AUTOMATIC = makeBackup({
  id: 'b-0',
  kind: 'automatic',
  created_by_name: null,
  created_at: '2026-03-01T00:00:00.000Z',
  size_bytes: 512_000,
});
const NEW = makeBackup({ id: 'b-2', created_at: '2026-03-03T12:30:00.000Z' });

/** The settings, the backups (`lists` in turn), and what each backup action answers. */
function stubBackups(lists: Backup[][], answers: Record<string, () => Promise<Response>> = {}) {
  let read = 0;
  return stubApi((method, url) => {
    const answer = answers[`${method} ${url}`];
    if (answer) return answer();
    if (url === '/api/settings') return json(settingsAt(3));
    if (method === 'GET' && url === '/api/backups')
      return json(backupsOf(lists[Math.min(read++, lists.length - 1)] ?? []));
    return json({ error: `unexpected ${method} ${url}` }, 500);
  });
}

async function showBackups() {
  showSettings('/settings?tab=backup');
  return screen.findByRole('list', { name: 'Backups' });
}

describe('Backup & Data', () => {
  it('lists the backups with when, size, who and kind, and the last backup', async () => {
    stubBackups([[MANUAL, AUTOMATIC]]);
    const list = await showBackups();
    expect(screen.getByText('Last backup: 02/03/2026 12:15')).toBeTruthy();
    const manual = within(list).getByRole('listitem', { name: 'Backup of 02/03/2026 12:15' });
    expect(within(manual).getByText('2.5 MB · Made by Grace Mwale')).toBeTruthy();
    expect(within(manual).getByText('Manual')).toBeTruthy();
    expect(
      within(manual).getByRole('link', { name: 'Download backup of 02/03/2026 12:15' }).getAttribute('href'),
    ).toBe('/api/backups/b-1/download');
    const automatic = within(list).getByRole('listitem', { name: 'Backup of 01/03/2026 02:00' });
    expect(within(automatic).getByText('500.0 KB · Made by Automatic')).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Automatic backups' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Keep backups (days)' }).value).toBe('30');
  });

  it('says when there is no backup yet', async () => {
    stubBackups([[]]);
    showSettings('/settings?tab=backup');
    expect(await screen.findByText('No backup yet')).toBeTruthy();
    expect(screen.getByText('No backups yet')).toBeTruthy();
  });

  it('Create Backup Now posts, says so, and the new backup appears', async () => {
    const seen = stubBackups([[MANUAL], [NEW, MANUAL]], { 'POST /api/backups': () => json(NEW, 201) });
    await showBackups();
    await userEvent.click(screen.getByRole('button', { name: 'Create Backup Now' }));
    expect(await screen.findByText('Backup created.')).toBeTruthy();
    expect(seen.filter((c) => c.method === 'POST' && c.url === '/api/backups')).toHaveLength(1);
    expect(await screen.findByRole('link', { name: 'Download backup of 03/03/2026 14:30' })).toBeTruthy();
  });

  it('asks before deleting a backup, then deletes it', async () => {
    const seen = stubBackups([[MANUAL], []], {
      'DELETE /api/backups/b-1': () => Promise.resolve(new Response(null, { status: 204 })),
    });
    await showBackups();
    await userEvent.click(screen.getByRole('button', { name: 'Delete backup of 02/03/2026 12:15' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this backup?' });
    expect(seen.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Backup deleted.')).toBeTruthy();
    expect(seen.some((c) => c.method === 'DELETE' && c.url === '/api/backups/b-1')).toBe(true);
    expect(await screen.findByText('No backups yet')).toBeTruthy();
  });

  it('restores only once RESTORE is typed, posts { id, confirmation } and signs out', async () => {
    const seen = stubBackups([[MANUAL, AUTOMATIC]], {
      'POST /api/backups/restore': () =>
        json({ tables: 30, rows: 1200, backup_created_at: MANUAL.created_at, sign_in_again: true }),
    });
    await showBackups();
    await userEvent.click(screen.getByRole('button', { name: 'Restore from Backup' }));
    const dialog = screen.getByRole('dialog', { name: 'Restore from Backup' });
    expect(
      within(dialog).getByText(
        "Every record is replaced by the backup's, in one step: all or nothing. Everyone, you included, is signed out and signs in again.",
      ),
    ).toBeTruthy();
    const restore = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Restore' });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Backup' }), 'b-1');
    expect(restore.disabled).toBe(true);
    const confirm = within(dialog).getByRole('textbox', { name: BACKUP_MESSAGES.confirm });
    await userEvent.type(confirm, 'RESTOR');
    expect(restore.disabled).toBe(true);
    await userEvent.type(confirm, 'E');
    expect(restore.disabled).toBe(false);
    await userEvent.click(restore);
    await waitFor(() => expect(session.logout).toHaveBeenCalledTimes(1));
    expect(seen.find((c) => c.url === '/api/backups/restore')?.body).toEqual({
      id: 'b-1',
      confirmation: 'RESTORE',
    });
    expect(await screen.findByText(/Restored 30 tables \(1,200 records\).*sign in again/)).toBeTruthy();
    expect(seen.some((c) => c.method === 'PUT')).toBe(false);
  });

  it("opens Restore on a backup's own button, and shows a refusal in the dialog", async () => {
    stubBackups([[MANUAL, AUTOMATIC]], {
      'POST /api/backups/restore': () => json({ error: BACKUP_MESSAGES.fileMissing }, 409),
    });
    await showBackups();
    await userEvent.click(screen.getByRole('button', { name: 'Restore backup of 01/03/2026 02:00' }));
    const dialog = screen.getByRole('dialog', { name: 'Restore from Backup' });
    expect(within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Backup' }).value).toBe('b-0');
    await userEvent.type(within(dialog).getByRole('textbox', { name: BACKUP_MESSAGES.confirm }), 'RESTORE');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect(await within(dialog).findByText(BACKUP_MESSAGES.fileMissing)).toBeTruthy();
    expect(session.logout).not.toHaveBeenCalled();
  });

  it('refuses a file that is not a .json.gz backup before sending it', async () => {
    stubBackups([[]]);
    showSettings('/settings?tab=backup');
    await screen.findByText('No backups yet');
    await userEvent.click(screen.getByRole('button', { name: 'Restore from Backup' }));
    const dialog = screen.getByRole('dialog', { name: 'Restore from Backup' });
    const input = within(dialog).getByLabelText(/Backup file/) as HTMLInputElement;
    await userEvent.upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }), {
      applyAccept: false,
    });
    expect(within(dialog).getByText(BACKUP_MESSAGES.chooseFile)).toBeTruthy();
    await userEvent.type(within(dialog).getByRole('textbox', { name: BACKUP_MESSAGES.confirm }), 'RESTORE');
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Restore' }).disabled).toBe(true);
  });

  it('restores from an uploaded .json.gz file, the confirmation sent with it', async () => {
    upload.uploadFile.mockResolvedValue({
      tables: 30,
      rows: 1200,
      backup_created_at: MANUAL.created_at,
      sign_in_again: true,
    });
    stubBackups([[MANUAL]]);
    await showBackups();
    await userEvent.click(screen.getByRole('button', { name: 'Restore from Backup' }));
    const dialog = screen.getByRole('dialog', { name: 'Restore from Backup' });
    await userEvent.click(within(dialog).getByRole('radio', { name: /A backup file from this computer/ }));
    const file = new File(['gz'], 'chl-backup.json.gz', { type: 'application/gzip' });
    await userEvent.upload(within(dialog).getByLabelText(/Backup file/), file);
    await userEvent.type(within(dialog).getByRole('textbox', { name: BACKUP_MESSAGES.confirm }), 'RESTORE');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(session.logout).toHaveBeenCalledTimes(1));
    expect(upload.uploadFile).toHaveBeenCalledWith(
      '/api/backups/restore',
      file,
      expect.any(Function),
      undefined,
      {
        confirmation: 'RESTORE',
      },
    );
  });
});
