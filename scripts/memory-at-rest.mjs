// `node scripts/memory-at-rest.mjs [--port=N] [--idle=S] [--target=MiB]`: starts `npm start` on a
// fresh embedded database with the demo data, waits for /api/health, lets it idle, and prints the
// resident memory of npm and every process under it against the target (issue 47: 350 MiB for what
// the start command leaves running on a 1 GB server). Exits 1 when the total VmRSS is over it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { treeMemory } from './process-memory.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    idle: { type: 'string', default: '10' },
    target: { type: 'string', default: '350' },
  },
});
const targetMiB = Number(values.target);
const port = values.port ? Number(values.port) : await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), 'chl-memory-'));

const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: 'true' };
// The figure is the embedded database's with the demo data, whatever the shell has set.
delete env.DATABASE_URL;
delete env.NODE_ENV;
const app = spawn('npm', ['start'], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
let output = '';
app.stdout.on('data', (chunk) => (output += chunk));
app.stderr.on('data', (chunk) => (output += chunk));
const exited = new Promise((resolve) => app.once('exit', resolve));

let status = 1;
try {
  await waitForHealth(`http://127.0.0.1:${port}/api/health`, exited);
  await new Promise((resolve) => setTimeout(resolve, Number(values.idle) * 1000));
  const tree = treeMemory(app.pid);
  console.log(`npm start at rest with the demo data (port ${port}, idle ${values.idle} s):`);
  console.log('    pid   VmRSS MiB   Pss MiB  HWM MiB  command');
  for (const p of tree.processes) {
    console.log(
      `${String(p.pid).padStart(7)}  ${p.rssMiB.toFixed(1).padStart(10)}  ${p.pssMiB.toFixed(1).padStart(8)}  ${p.hwmMiB.toFixed(1).padStart(7)}  ${p.command.slice(0, 90)}`,
    );
  }
  console.log(
    `  total  ${tree.rssMiB.toFixed(1).padStart(10)}  ${tree.pssMiB.toFixed(1).padStart(8)}           target: VmRSS <= ${targetMiB} MiB`,
  );
  status = tree.rssMiB <= targetMiB ? 0 : 1;
  console.log(
    status === 0 ? 'within the target' : `OVER the target by ${(tree.rssMiB - targetMiB).toFixed(1)} MiB`,
  );
} catch (error) {
  console.error(`${error.message}\n--- npm start said:\n${output}`);
} finally {
  await stop(app, exited);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(status);

async function waitForHealth(url, exited) {
  let gone = false;
  exited.then(() => (gone = true));
  // A first start may build the app before it listens: allow for that.
  const deadline = Date.now() + 15 * 60_000;
  while (Date.now() < deadline) {
    if (gone) throw new Error('npm start exited before /api/health answered');
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('no answer from /api/health in 15 minutes');
}

/** SIGTERM to the whole process group (npm, the shell it may run, node), then SIGKILL after 30 s. */
async function stop(child, exited) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {}
  const killed = setTimeout(() => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {}
  }, 30_000);
  await exited;
  clearTimeout(killed);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
