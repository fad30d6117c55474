import { describe, expect, it } from 'vitest';
import { NOT_THE_APP, PRECACHED } from './vite-app-worker.mjs';

const answeredByTheServer = (path: string) => NOT_THE_APP.some((pattern) => pattern.test(path));

describe("the app worker's rules", () => {
  it('leaves every navigation under /api to the server: downloads, the API docs', () => {
    for (const path of ['/api', '/api/', '/api/docs', '/api/files/1/download', '/api/forms/2/pdf']) {
      expect(answeredByTheServer(path), path).toBe(true);
    }
  });

  it("answers the app's own addresses with the cached app", () => {
    for (const path of ['/', '/dashboard', '/students/123', '/apiary', '/login']) {
      expect(answeredByTheServer(path), path).toBe(false);
    }
  });

  it('precaches files by their own extensions only, so never the .br and .gz copies beside them', () => {
    expect(PRECACHED).toHaveLength(1);
    const extensions = /\{([^}]+)\}$/.exec(PRECACHED[0] ?? '')?.[1]?.split(',') ?? [];
    expect(extensions).toEqual(expect.arrayContaining(['js', 'css', 'html', 'png', 'svg', 'woff2']));
    expect(extensions).not.toContain('br');
    expect(extensions).not.toContain('gz');
    expect(extensions).not.toContain('json');
  });
});
