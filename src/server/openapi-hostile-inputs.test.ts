import { beforeAll, describe, expect, it } from 'vitest';
import { INT4_MAX } from '../contracts/common';
import { isUploadPath } from './http/body-limit';
import { BROKEN_CHARACTER } from './http/json-guard';
import { fileTestContext } from './testing/test-file';

// Hostile values sent to every operation the OpenAPI document describes: every path parameter,
// every text field and every number a client sends. A route added tomorrow is covered without
// anyone remembering to add it here. Whatever comes in, the answer is never a 5xx, and every
// refusal is the API's error shape `{ error, fields? }`.

const { t, tokens } = fileTestContext({ signIn: ['ADM001'] });

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
/** Ids that name nothing: not uuids, or a uuid with something after it. */
const HOSTILE_IDS = [
  'abc',
  '-1',
  'null',
  '0',
  `${UNKNOWN_ID}%00`,
  `${UNKNOWN_ID}%20`,
  `${UNKNOWN_ID}.json`,
  `${UNKNOWN_ID}'--`,
  '%ED%A0%80',
];
const HUGE_NUMBERS = [10_000_000_000, -10_000_000_000, 2 ** 31];
const INT4_MIN = -(2 ** 31);
const LONE_SURROGATE = '\ud800';

type Schema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};
type Parameter = { name: string; in: string; required?: boolean; schema: Schema };
type Operation = {
  method: string;
  template: string;
  parameters: Parameter[];
  json?: Schema;
  multipart?: Schema;
};

let operations: Operation[] = [];
let components: Record<string, Schema> = {};

beforeAll(async () => {
  const res = await t.app.request('/api/openapi.json');
  const document = (await res.json()) as {
    paths: Record<string, Record<string, Record<string, unknown>>>;
    components?: { schemas?: Record<string, Schema> };
  };
  components = document.components?.schemas ?? {};
  operations = Object.entries(document.paths).flatMap(([template, byMethod]) =>
    Object.entries(byMethod).map(([method, op]) => {
      const content = (op.requestBody as { content?: Record<string, { schema: Schema }> } | undefined)
        ?.content;
      return {
        method: method.toUpperCase(),
        template,
        parameters: (op.parameters as Parameter[] | undefined) ?? [],
        json: content?.['application/json']?.schema,
        multipart: content?.['multipart/form-data']?.schema,
      };
    }),
  );
});

const deref = (schema: Schema): Schema => {
  let current = schema;
  while (current.$ref) current = components[current.$ref.split('/').pop()!]!;
  return current;
};
const typesOf = (schema: Schema) => [schema.type ?? []].flat();
/** The first choice of an anyOf/oneOf that is not null, or the schema itself. */
const mainChoice = (schema: Schema): Schema => {
  const s = deref(schema);
  const choices = s.anyOf ?? s.oneOf;
  if (!choices) return s;
  return mainChoice(choices.find((c) => !typesOf(deref(c)).includes('null')) ?? choices[0]!);
};

/** A plausible value for a schema: enough for a request to get past its checks where it can. */
function sample(schema: Schema): unknown {
  const s = mainChoice(schema);
  if (s.enum) return s.enum[0];
  const types = typesOf(s);
  if (s.properties || types.includes('object')) {
    const value: Record<string, unknown> = {};
    for (const key of s.required ?? []) value[key] = sample(s.properties?.[key] ?? {});
    return value;
  }
  if (types.includes('array')) return [];
  if (types.includes('integer') || types.includes('number')) return s.minimum ?? 1;
  if (types.includes('boolean')) return false;
  if (types.includes('string')) return s.format === 'uuid' ? UNKNOWN_ID : 'x'.repeat(s.minLength ?? 1);
  return null;
}

/** Every leaf of a schema whose type is one of `wanted`, as a path of keys (array items as 0). */
function leaves(schema: Schema, wanted: string[], path: Array<string | number> = [], depth = 0) {
  const found: Array<{ path: Array<string | number>; schema: Schema }> = [];
  if (depth > 8) return found;
  const s = deref(schema);
  for (const choice of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) {
    found.push(...leaves(choice, wanted, path, depth + 1));
  }
  if (typesOf(s).some((type) => wanted.includes(type))) found.push({ path, schema: s });
  for (const [key, child] of Object.entries(s.properties ?? {})) {
    found.push(...leaves(child, wanted, [...path, key], depth + 1));
  }
  if (s.items) found.push(...leaves(s.items, wanted, [...path, 0], depth + 1));
  // Several choices may hold the same field: each path once.
  return found.filter((leaf, i) => found.findIndex((f) => f.path.join('.') === leaf.path.join('.')) === i);
}

/** A copy of `base` with `value` at `path`, making the objects and arrays on the way. */
function withValue(base: unknown, path: Array<string | number>, value: unknown): unknown {
  if (path.length === 0) return value;
  const [key, ...rest] = path;
  if (typeof key === 'number') {
    const list = Array.isArray(base) ? [...base] : [];
    list[key] = withValue(list[key] ?? {}, rest, value);
    return list;
  }
  const object = base && typeof base === 'object' && !Array.isArray(base) ? { ...base } : {};
  (object as Record<string, unknown>)[key!] = withValue(
    (object as Record<string, unknown>)[key!],
    rest,
    value,
  );
  return object;
}

const pathParams = (op: Operation) => op.parameters.filter((p) => p.in === 'path');
const queryParams = (op: Operation) => op.parameters.filter((p) => p.in === 'query');
const isRecordId = (p: Parameter) => deref(p.schema).format === 'uuid';

/** The operation's path with each parameter a plausible value, and `overrides` as they are (raw). */
function pathOf(op: Operation, overrides: Record<string, string> = {}, query: Record<string, string> = {}) {
  let path = op.template;
  for (const p of pathParams(op)) {
    const value = overrides[p.name] ?? encodeURIComponent(String(sample(p.schema)));
    path = path.replace(`{${p.name}}`, value);
  }
  const search = new URLSearchParams();
  for (const p of queryParams(op)) if (p.required) search.set(p.name, String(sample(p.schema)));
  const extra = Object.entries(query).map(([k, v]) => `${encodeURIComponent(k)}=${v}`);
  const all = [search.toString(), ...extra].filter(Boolean).join('&');
  return all ? `${path}?${all}` : path;
}

// Signing out would end the session the rest of the walk runs in: that one goes signed out.
const endsTheSession = (op: Operation) => op.template === '/api/staff-auth/logout';

function send(op: Operation, path: string, body?: BodyInit, contentType?: string) {
  const headers: Record<string, string> = {};
  if (!endsTheSession(op)) headers.authorization = `Bearer ${tokens.ADM001}`;
  if (contentType) headers['content-type'] = contentType;
  return t.app.request(path, { method: op.method, headers, body });
}
const sendJson = (op: Operation, path: string, body: unknown) =>
  send(op, path, JSON.stringify(body), 'application/json');

/** Never a 5xx; a refusal is `{ error, fields? }`. The answer's JSON, when it is a refusal. */
async function expectNoServerError(res: Response, label: string) {
  expect(res.status, label).toBeLessThan(500);
  if (res.status < 400) return undefined;
  const body = (await res.json()) as { error?: unknown; fields?: unknown };
  expect(typeof body.error, label).toBe('string');
  if (body.fields !== undefined) {
    expect(typeof body.fields, label).toBe('object');
    for (const message of Object.values(body.fields as object)) expect(typeof message, label).toBe('string');
  }
  return body as { error: string; fields?: Record<string, string> };
}

/** "a", a lone surrogate, "b" as UTF-16LE bytes: a multipart part may say it is UTF-16. */
const SURROGATE_UTF16 = new Uint8Array([0x61, 0x00, 0x00, 0xd8, 0x62, 0x00]);
const PERCENT_UTF16 = '%61%00%00%D8%62%00';

/** A multipart body of `parts` (head lines, then bytes), built by hand to send any bytes. */
function multipart(parts: Array<{ head: string; bytes: Uint8Array }>) {
  const boundary = 'hostile-boundary';
  const encode = (text: string) => new TextEncoder().encode(text);
  const chunks = parts.flatMap((part) => [
    encode(`--${boundary}\r\n${part.head}\r\n\r\n`),
    part.bytes,
    encode('\r\n'),
  ]);
  chunks.push(encode(`--${boundary}--\r\n`));
  const body = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.length;
  }
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}
const textPart = (name: string, bytes: Uint8Array, charset = 'utf-8') => ({
  head: `Content-Disposition: form-data; name="${name}"\r\nContent-Type: text/plain; charset=${charset}`,
  bytes,
});
const filePart = (filenameParam: string) => ({
  head: `Content-Disposition: form-data; name="file"; ${filenameParam}\r\nContent-Type: text/csv`,
  bytes: new TextEncoder().encode('a,b\r\n1,2\r\n'),
});

/**
 * A body that gets past the other checks where one can be had: what a GET of the same path answers
 * (a save sends back what it read, as System Settings does), over the schema's sample.
 */
async function bodyToChange(op: Operation): Promise<unknown> {
  const base = sample(op.json!);
  const read = operations.find((o) => o.method === 'GET' && o.template === op.template);
  if (!read || !base || typeof base !== 'object') return base;
  const res = await send(read, pathOf(read));
  if (res.status !== 200 || !res.headers.get('content-type')?.includes('json')) return base;
  const current = (await res.json()) as unknown;
  return current && typeof current === 'object' ? { ...base, ...current } : base;
}

describe('the OpenAPI document', () => {
  it('describes the API', () => {
    // The walk below is only as good as what it walks.
    expect(operations.length).toBeGreaterThan(150);
    expect(operations.filter((op) => pathParams(op).length > 0).length).toBeGreaterThan(90);
  });

  it('names every record id in a path with the one shared schema, and other path parameters by their choices', () => {
    for (const op of operations) {
      for (const p of pathParams(op)) {
        const s = deref(p.schema);
        expect(isRecordId(p) || Array.isArray(s.enum), `${op.method} ${op.template} {${p.name}}`).toBe(true);
      }
    }
  });

  it('bounds every integer a client sends to what a PostgreSQL integer holds', () => {
    for (const op of operations) {
      const sent = [
        ...op.parameters.map((p) => ({ where: `${p.in} ${p.name}`, schema: p.schema })),
        ...(op.json ? [{ where: 'body', schema: op.json }] : []),
        ...(op.multipart ? [{ where: 'form', schema: op.multipart }] : []),
      ];
      for (const { where, schema } of sent) {
        for (const leaf of leaves(schema, ['integer'])) {
          const label = `${op.method} ${op.template} ${where} ${leaf.path.join('.')}`;
          expect(leaf.schema.minimum, label).toBeGreaterThanOrEqual(INT4_MIN);
          expect(leaf.schema.maximum, label).toBeLessThanOrEqual(INT4_MAX);
        }
      }
    }
  });
});

describe('every path parameter', () => {
  it('answers a record id that is not a uuid as an unknown one, and 400 naming any other parameter, never a 5xx', async () => {
    let sent = 0;
    const request = (op: Operation, path: string) =>
      op.json ? sendJson(op, path, sample(op.json)) : send(op, path);
    for (const op of operations) {
      for (const p of pathParams(op)) {
        const unknownPath = pathOf(op, { [p.name]: UNKNOWN_ID });
        const unknown = await request(op, unknownPath);
        await expectNoServerError(unknown.clone(), `${op.method} ${unknownPath}`);
        const unknownBody = await unknown.text();
        for (const hostile of HOSTILE_IDS) {
          const path = pathOf(op, { [p.name]: hostile });
          const label = `${op.method} ${path}`;
          const res = await request(op, path);
          const refusal = await expectNoServerError(res.clone(), label);
          sent++;
          if (isRecordId(p)) {
            expect({ status: res.status, body: await res.text() }, label).toEqual({
              status: unknown.status,
              body: unknownBody,
            });
          } else {
            expect(res.status, label).toBe(400);
            expect(refusal?.fields?.[p.name], label).toBeTruthy();
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(900);
  });
});

describe('every text field', () => {
  it('of a JSON body refuses a lone surrogate with 400 naming the field', async () => {
    let sent = 0;
    for (const op of operations.filter((o) => o.json)) {
      for (const leaf of leaves(op.json!, ['string'])) {
        const path = pathOf(op);
        const field = leaf.path.join('.');
        const label = `${op.method} ${path} ${field}`;
        const res = await sendJson(op, path, withValue(sample(op.json!), leaf.path, `a${LONE_SURROGATE}b`));
        const refusal = await expectNoServerError(res, label);
        // An upload route's body is the route's to read (the guard leaves it to the route's
        // stream, unread before sign-in): a restore's JSON form is refused by the route itself.
        if (isUploadPath(op.template)) {
          expect(res.status, label).toBeGreaterThanOrEqual(400);
          continue;
        }
        expect(res.status, label).toBe(400);
        expect(refusal?.fields?.[field || '_'], label).toBe(BROKEN_CHARACTER);
        sent++;
      }
    }
    expect(sent).toBeGreaterThan(200);
  });

  it('of a query string answers no 5xx, and of a multipart form 400 naming it, for a lone surrogate', async () => {
    for (const op of operations) {
      for (const p of queryParams(op)) {
        const path = pathOf(op, {}, { [p.name]: '%ED%A0%80' });
        await expectNoServerError(await send(op, path), `${op.method} ${path}`);
      }
      if (!op.multipart) continue;
      const sendParts = async (label: string, parts: Array<{ head: string; bytes: Uint8Array }>) => {
        const { body, contentType } = multipart(parts);
        return expectNoServerError(await send(op, pathOf(op), body, contentType), label);
      };
      // A text field sent as UTF-16 with a lone surrogate: 400 naming it.
      for (const leaf of leaves(op.multipart, ['string']).filter((l) => l.path.length === 1)) {
        if (leaf.schema.format === 'binary') continue;
        const name = String(leaf.path[0]);
        const label = `${op.method} ${op.template} form ${name}`;
        const refusal = await sendParts(label, [
          textPart(name, SURROGATE_UTF16, 'utf-16le'),
          filePart('filename="ok.csv"'),
        ]);
        // Free text is refused as broken; a field with its own choices (a parser that reads every
        // part as UTF-8 never sees the surrogate) may name it with its own message.
        const message = refusal?.fields?.[name];
        if (leaf.schema.enum) expect(message, label).toEqual(expect.any(String));
        else expect(message, label).toBe(BROKEN_CHARACTER);
      }
      // The file's name, in UTF-16 (RFC 5987) or as the bytes of a surrogate in UTF-8: never a 5xx.
      for (const filename of [`filename*=utf-16le''${PERCENT_UTF16}`, `filename*=utf-8''%ED%A0%80.csv`]) {
        await sendParts(`${op.method} ${op.template} ${filename}`, [filePart(filename)]);
      }
    }
  });
});

describe('an uploaded file', () => {
  it('whose name is sent as UTF-16 with a lone surrogate is refused with 400 naming it, and not kept', async () => {
    const as = { authorization: `Bearer ${tokens.ADM001}` };
    const published = await t.app.request('/api/announcements', {
      method: 'POST',
      headers: { ...as, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Exams', content: 'The library opens at 08:00.' }),
    });
    expect(published.status).toBe(201);
    const { id } = (await published.json()) as { id: string };
    // "a", a lone surrogate, ".pdf", in UTF-16LE.
    const name = `${PERCENT_UTF16.slice(0, 12)}%2E%00%70%00%64%00%66%00`;
    const { body, contentType } = multipart([
      {
        head: `Content-Disposition: form-data; name="file"; filename*=utf-16le''${name}\r\nContent-Type: application/pdf`,
        bytes: new TextEncoder().encode('%PDF-1.4\n%%EOF\n'),
      },
    ]);
    const res = await t.app.request(`/api/announcements/${id}/attachments`, {
      method: 'POST',
      headers: { ...as, 'content-type': contentType },
      body,
    });
    const refusal = await expectNoServerError(res, 'attachment');
    expect(res.status).toBe(400);
    expect(refusal?.fields?.file).toBe(BROKEN_CHARACTER);
    const shown = (await (await t.app.request(`/api/announcements/${id}`, { headers: as })).json()) as {
      attachments: unknown[];
    };
    expect(shown.attachments).toEqual([]);
  });
});

describe('every number', () => {
  it('out of what PostgreSQL holds answers no 5xx, in a JSON body or a query string', async () => {
    let sent = 0;
    for (const op of operations) {
      const base = op.json ? await bodyToChange(op) : undefined;
      for (const leaf of op.json ? leaves(op.json, ['integer', 'number']) : []) {
        for (const huge of HUGE_NUMBERS) {
          const path = pathOf(op);
          const label = `${op.method} ${path} ${leaf.path.join('.')}=${huge}`;
          await expectNoServerError(await sendJson(op, path, withValue(base, leaf.path, huge)), label);
          sent++;
        }
      }
      for (const p of queryParams(op)) {
        const s = mainChoice(p.schema);
        if (!typesOf(s).some((type) => type === 'integer' || type === 'number')) continue;
        for (const huge of HUGE_NUMBERS) {
          const path = pathOf(op, {}, { [p.name]: String(huge) });
          const res = op.json ? await sendJson(op, path, base) : await send(op, path);
          await expectNoServerError(res, `${op.method} ${path}`);
          sent++;
        }
      }
    }
    expect(sent).toBeGreaterThan(100);
  });

  it('the settings version past an integer is refused with 400 naming it, on a save and a reset', async () => {
    const current = (await (
      await t.app.request('/api/settings', { headers: { authorization: `Bearer ${tokens.ADM001}` } })
    ).json()) as { settings: unknown };
    const as = { authorization: `Bearer ${tokens.ADM001}`, 'content-type': 'application/json' };
    for (const [method, path, body] of [
      ['PUT', '/api/settings', { version: 10_000_000_000, settings: current.settings }],
      ['POST', '/api/settings/reset', { version: 10_000_000_000 }],
    ] as const) {
      const res = await t.app.request(path, { method, headers: as, body: JSON.stringify(body) });
      expect(res.status, path).toBe(400);
      expect(((await res.json()) as { fields: Record<string, string> }).fields.version, path).toMatch(
        /whole number/,
      );
    }
  });
});
