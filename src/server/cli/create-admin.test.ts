import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { INSTALL_DIR } from '../config';

/*
 * `create-admin` on a real terminal (a pseudo-terminal from Python's pty module): what is typed
 * for the password must not appear. The database it then opens does not exist (nothing listens on
 * port 1), so it stops there, after the password, with the database's explanation.
 */

const TSX = pathToFileURL(path.join(INSTALL_DIR, 'node_modules/tsx/dist/loader.mjs')).href;
const SCRIPT = path.join(INSTALL_DIR, 'src/server/cli/create-admin.ts');
const TYPED = 'Typed#Secret2026';

const onTerminal = `
import os, pty, select, sys, time
pid, fd = pty.fork()
if pid == 0:
    os.execvp(sys.argv[1], sys.argv[1:])
out = b''
def read(until):
    global out
    end = time.time() + 60
    while time.time() < end and (until is None or until not in out):
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(fd, 1024)
            except OSError:
                return
            if not chunk:
                return
            out += chunk
read(b'Password')
os.write(fd, ${JSON.stringify(TYPED)}.encode() + b'\\r')
read(None)
sys.stdout.write(out.decode(errors='replace'))
`;

const python = spawnSync('python3', ['--version']);

describe('npm run create-admin on a terminal', () => {
  it.skipIf(python.error)(
    'does not show the password as it is typed',
    () => {
      const result = spawnSync(
        'python3',
        [
          '-c',
          onTerminal,
          process.execPath,
          '--import',
          TSX,
          SCRIPT,
          '--staff-id',
          'ADM100',
          '--email',
          'it@example.org',
          '--name',
          'Jane Phiri',
        ],
        {
          encoding: 'utf8',
          env: {
            ...process.env,
            ADMIN_PASSWORD: '',
            DATABASE_URL: 'postgres://chl@127.0.0.1:1/chl',
            APP_URL: '',
          },
          timeout: 90_000,
        },
      );
      expect(result.stdout).toContain('Password for the new admin (not shown as you type):');
      expect(result.stdout).toContain('nothing accepts connections at 127.0.0.1:1');
      expect(result.stdout).not.toContain(TYPED);
      expect(result.stdout).not.toContain('*'.repeat(TYPED.length));
    },
    100_000,
  );
});
