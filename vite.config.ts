import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { appWorker } from './scripts/vite-app-worker.mjs';
import { signedInChunks } from './scripts/vite-chunk-groups.mjs';
import { precompress } from './scripts/vite-precompress.mjs';
import { pureContracts } from './scripts/vite-pure-contracts.mjs';

const MENUS_AND_DIALOGS =
  /node_modules[\\/](@radix-ui|@floating-ui|react-remove-scroll(-bar)?|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|get-nonce|detect-node-es)[\\/]/;
const BUTTON_SLOT = /node_modules[\\/]@radix-ui[\\/](react-slot|react-compose-refs)[\\/]/;

/** The React back-office: sources in src/web, built into dist/web where the API server serves it. */
export default defineConfig(({ command }) => {
  // A build is what `npm start` and deployments serve: always React's production build, whatever
  // NODE_ENV the shell has (a development build is about 63 KiB more and several times slower).
  // `npm run dev:web` is the way to develop. Set before Vite reads NODE_ENV for the build.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    root: fileURLToPath(new URL('./src/web', import.meta.url)),
    plugins: [react(), tailwindcss(), pureContracts(), appWorker(), precompress()],
    build: {
      outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
      emptyOutDir: true,
      // Which files each page loads: read by `npm run page-weight` (scripts/page-weight.mjs).
      manifest: true,
      rolldownOptions: {
        treeshake: {
          moduleSideEffects: [
            // The index files only re-export: a page that uses one export of the UI kit must not be
            // counted as depending on the rest (dialogs, tabs...), or it all lands in the first download.
            { test: /[\\/]src[\\/]web[\\/].+[\\/]index\.tsx?$/, sideEffects: false },
            // The contracts only declare (scripts/vite-pure-contracts.mjs): what a page imports from
            // one of them decides whether it is loaded, not that the file was named.
            { test: /[\\/]src[\\/]contracts[\\/]/, sideEffects: false },
          ],
        },
        output: {
          // The groups below take modules without their dependencies, so that a chunk may import
          // another that imports it back: modules then run in their source order whatever the chunk
          // (without it a schema was read before the chunk defining it had run).
          strictExecutionOrder: true,
          // Long-lived vendor chunks: they change less often than the app, so browsers keep them cached.
          codeSplitting: {
            groups: [
              {
                name: 'react',
                test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
              },
              // Apart: Zod validates more than forms, and the sign-in page has no form library.
              { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
              { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/ },
              // The menus and dialogs (Radix and what it uses): one file, fetched once the first
              // screen has painted (the top bar's menus) or with a page that opens a dialog. Not
              // Slot, which every button uses, sign-in page included: left out even though the
              // rest uses it, hence no dependencies pulled in.
              {
                name: 'radix',
                test: (id: string) => MENUS_AND_DIALOGS.test(id) && !BUTTON_SLOT.test(id),
                includeDependenciesRecursively: false,
              },
              {
                debugName: 'signed-in shared code',
                name: signedInChunks({
                  signInRoot: /[\\/]features[\\/]auth[\\/]login[\\/]index\.ts$/,
                  signedOutRoots: [/[\\/]features[\\/]auth[\\/]/],
                  appRoot: /[\\/]app[\\/]signed-in-app\.tsx$/,
                  heavy:
                    /[\\/]src[\\/](contracts[\\/]|web[\\/]components[\\/](forms[\\/]|ui[\\/](dialog|confirm-dialog|tabs)\.tsx$))/,
                  kitMinPages: 5,
                }),
                priority: -1,
                includeDependenciesRecursively: false,
              },
            ],
          },
        },
      },
    },
    server: {
      // `npm run dev` (API on :3000) + `npm run dev:web`: the browser talks to one origin.
      proxy: { '/api': 'http://localhost:3000' },
    },
  };
});
