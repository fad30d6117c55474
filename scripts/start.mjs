// `npm start`: makes sure dist/ is a production build of the current sources, then runs it.
import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { reasonToBuild, STAMP } from './build-freshness.mjs';

const reason = reasonToBuild();
if (reason) {
  console.log(`Building the app (${reason})...`);
  // Whatever NODE_ENV the shell has, what `npm start` serves is built for production.
  const result = spawnSync('npm', ['run', 'build'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(STAMP, JSON.stringify({ mode: 'production', builtAt: new Date().toISOString() }));
}

const server = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], { stdio: 'inherit' });
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
