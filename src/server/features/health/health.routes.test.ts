import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/test-app';

const built = mkdtempSync(path.join(tmpdir(), 'chl-web-'));
writeFileSync(path.join(built, 'index.html'), '<!doctype html>');
const empty = mkdtempSync(path.join(tmpdir(), 'chl-no-web-'));
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ webDir: built });
});
afterAll(async () => {
  await t.close();
  for (const dir of [built, empty]) rmSync(dir, { recursive: true, force: true });
});

describe('GET /api/health', () => {
  it('answers ok once the database answers', async () => {
    const res = await t.request('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', web_app: 'built' });
  });

  it('in production without the web build answers 503, so a load balancer takes it out of service', async () => {
    const production = await createTestContext({ nodeEnv: 'production', webDir: empty });
    try {
      const res = await production.request('GET', '/api/health');
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: 'unavailable', web_app: 'not_built' });
    } finally {
      await production.close();
    }
  });

  it('outside production says the web build is missing, and stays in service for the API', async () => {
    const development = await createTestContext({ webDir: empty });
    try {
      const res = await development.request('GET', '/api/health');
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'ok', web_app: 'not_built' });
    } finally {
      await development.close();
    }
  });

  it('answers 503 when the database does not', async () => {
    const other = await createTestContext();
    await other.database.pool.end();
    const res = await other.request('GET', '/api/health');
    expect(res.status).toBe(503);
    await other.database.close().catch(() => {});
  });
});
