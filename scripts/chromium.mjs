// Finds a Chromium for the browser tests, and installs one when allowed and possible.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

function playwrightsOwn() {
  const result = spawnSync(
    process.execPath,
    ['-e', "console.log(require('playwright-core').chromium.executablePath())"],
    {
      encoding: 'utf8',
    },
  );
  const found = result.stdout?.trim();
  return found && existsSync(found) ? found : undefined;
}

function locate() {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
  return CANDIDATES.find((p) => existsSync(p)) ?? playwrightsOwn();
}

export function findChromium({ install }) {
  const found = locate();
  if (found || !install) return { path: found, advice: 'Install it with: sudo apt-get install chromium' };
  console.log('\nNo Chromium found; trying to install one for the browser tests...');
  const tryRun = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit' }).status === 0;
  if (tryRun('npx', ['playwright', 'install', 'chromium']) && locate()) return { path: locate() };
  if (process.getuid?.() === 0) {
    tryRun('apt-get', ['update', '-qq']);
    if (tryRun('apt-get', ['install', '-y', '-qq', 'chromium']) && locate()) return { path: locate() };
  }
  return {
    path: undefined,
    advice:
      'Install it with `sudo apt-get install chromium` (Debian/Ubuntu) or `npx playwright install chromium`, or set CHROMIUM_PATH.',
  };
}
