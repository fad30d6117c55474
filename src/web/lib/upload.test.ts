import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubUploads } from '../testing/fake-xhr';
import { ApiError, setUnauthorizedHandler } from './api';
import { type UploadProgress, uploadFile } from './upload';

const file = new File(['first_name,last_name\nA,B\n'], 'students.csv', { type: 'text/csv' });

afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(null);
});

describe('uploadFile', () => {
  it('sends the file in the field "file", reports progress and resolves the JSON answer', async () => {
    const sent = stubUploads({ status: 201, body: '{"imported":1,"dropped":[],"message":"ok"}' });
    const progress: UploadProgress[] = [];
    const answer = await uploadFile('/api/students/import', file, (p) => progress.push(p));
    expect(answer).toEqual({ imported: 1, dropped: [], message: 'ok' });
    expect(sent[0]?.form?.get('file')).toMatchObject({ name: 'students.csv' });
    expect(progress).toEqual([
      { phase: 'uploading', percent: 0 },
      { phase: 'uploading', percent: 50 },
      { phase: 'processing' },
    ]);
  });

  it('sends the fields before the file, in order', async () => {
    const sent = stubUploads({ status: 201, body: '{"id":"f1"}' });
    await uploadFile('/api/files', file, () => {}, undefined, { student_id: 's1', category: 'academic' });
    expect([...(sent[0]?.form?.keys() ?? [])]).toEqual(['student_id', 'category', 'file']);
    expect(sent[0]?.form?.get('student_id')).toBe('s1');
    expect(sent[0]?.form?.get('category')).toBe('academic');
  });

  it("rejects a refused file with ApiError carrying the server's rows and dropped rows", async () => {
    stubUploads({
      status: 400,
      body: JSON.stringify({
        error: 'Nothing was imported. Row 2: x',
        code: 'invalid_rows',
        rows: [{ row: 2, message: 'x' }],
        dropped: [{ row: 3, reason: 'Missing first_name' }],
      }),
    });
    const error = await uploadFile('/api/students/import', file, () => {}).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Nothing was imported. Row 2: x',
      code: 'invalid_rows',
      details: { rows: [{ row: 2, message: 'x' }], dropped: [{ row: 3, reason: 'Missing first_name' }] },
    });
  });

  it('rejects an answer that is not JSON with ApiError of its status, and no answer with status 0', async () => {
    stubUploads({ status: 502, body: '<html>Bad gateway</html>' });
    await expect(uploadFile('/x', file, () => {})).rejects.toMatchObject({ status: 502, message: '' });
    stubUploads('unreachable');
    const error = await uploadFile('/x', file, () => {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).isNetworkError).toBe(true);
  });

  it('reports a 401 as the end of the session, as every other call does', async () => {
    const ended = vi.fn();
    setUnauthorizedHandler(ended);
    stubUploads({ status: 401, body: '{"error":"Please sign in to continue."}' });
    await expect(uploadFile('/api/allowances/bulk', file, () => {})).rejects.toMatchObject({ status: 401 });
    expect(ended).toHaveBeenCalledOnce();
  });
});
