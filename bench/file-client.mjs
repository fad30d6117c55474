/**
 * The clients of the files benchmark, in a process of their own so that the bodies they send and
 * read are not counted in the server's memory. Given {mode, baseUrl, token, concurrency, seconds,
 * requests, size, studentId, fileId} as JSON in argv[2], it uploads (POST /api/files) or downloads
 * (GET /api/files/:id/download) until `requests` are made or `seconds` pass, and prints
 * {requests, errors, bytes, seconds, statuses} as JSON.
 */
const job = JSON.parse(process.argv[2]);
const body = new Uint8Array(job.size).fill(0x61);
const headers = { authorization: `Bearer ${job.token}` };

async function once() {
  if (job.mode === 'upload') {
    const form = new FormData();
    form.append('student_id', job.studentId);
    form.append('category', 'academic');
    form.append('file', new Blob([body], { type: 'text/plain' }), 'bench.txt');
    const res = await fetch(`${job.baseUrl}/api/files`, { method: 'POST', body: form, headers });
    await res.arrayBuffer();
    return { status: res.status, bytes: job.size };
  }
  const res = await fetch(`${job.baseUrl}/api/files/${job.fileId}/download`, { headers });
  let bytes = 0;
  for await (const chunk of res.body) bytes += chunk.byteLength;
  return { status: res.status, bytes };
}

const started = performance.now();
const deadline = started + job.seconds * 1000;
let made = 0;
let errors = 0;
let bytes = 0;
const statuses = {};
async function client() {
  while (made < job.requests && performance.now() < deadline) {
    made += 1;
    try {
      const result = await once();
      statuses[result.status] = (statuses[result.status] ?? 0) + 1;
      if (result.status >= 300) errors += 1;
      else bytes += result.bytes;
    } catch {
      errors += 1;
    }
  }
}
await Promise.all(Array.from({ length: job.concurrency }, client));
const seconds = (performance.now() - started) / 1000;
process.stdout.write(JSON.stringify({ requests: made, errors, bytes, seconds, statuses }));
