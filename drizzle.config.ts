import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema files and committed; the server applies them at start-up.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './src/server/db/migrations',
});
