import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The React back-office: sources in src/web, built into dist/web where the API server serves it. */
export default defineConfig(({ command }) => {
  // A build is what `npm start` and deployments serve: always React's production build, whatever
  // NODE_ENV the shell has (a development build is about 63 KiB more and several times slower).
  // `npm run dev:web` is the way to develop. Set before Vite reads NODE_ENV for the build.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    root: fileURLToPath(new URL('./src/web', import.meta.url)),
    plugins: [react(), tailwindcss()],
    build: {
      outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
      emptyOutDir: true,
      rolldownOptions: {
        output: {
          // Long-lived vendor chunks: they change less often than the app, so browsers keep them cached.
          codeSplitting: {
            groups: [
              {
                name: 'react',
                test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
              },
              { name: 'forms', test: /node_modules[\\/](zod|react-hook-form|@hookform)[\\/]/ },
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
