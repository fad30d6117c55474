// `npm start`. Outside production (the quick start) it first makes sure dist/ is a production
// build of the current sources, building it when not. In production it never builds (that needs the
// development packages and write access to dist/): it runs the build `npm run build` made, or
// refuses, naming that command. The server then runs in this process: no child to wait on.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { reasonToBuild } from './build-freshness.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const reason = reasonToBuild(root);
if (reason && process.env.NODE_ENV === 'production') {
  if (reason === 'no build yet') {
    console.error(
      `Refusing to start in production: there is no build in ${root}dist. Run \`npm run build\` there first (production never builds at start).`,
    );
    process.exit(1);
  }
  console.warn(
    `Starting the build in dist/ as it is, although ${reason}: run \`npm run build\` to rebuild it.`,
  );
} else if (reason) {
  console.log(`Building the app (${reason})...`);
  // Whatever NODE_ENV the shell has, what `npm start` serves is built for production.
  const result = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.setSourceMapsEnabled(true);
await import(new URL('../dist/server/main.js', import.meta.url).href);
