import { Hono } from 'hono';
import { validator } from 'hono/validator';
import { describe, expect, it } from 'vitest';
import {
  BROKEN_CHARACTER,
  inspectJson,
  isJsonContentType,
  MAX_JSON_DEPTH,
  NESTED_TOO_DEEPLY,
  NUL_IN_TEXT,
} from './json-guard';

describe('isJsonContentType', () => {
  it("agrees with Hono's JSON validator on every content type", async () => {
    const app = new Hono().post(
      '/',
      validator('json', (value) => value),
      (c) => c.json({ parsed: Object.keys(c.req.valid('json') as object).length > 0 }),
    );
    const types = [
      'application/json',
      'Application/JSON',
      'APPLICATION/JSON; CHARSET=UTF-8',
      ' application/json ;charset=utf-8',
      'application/json;',
      'application/vnd.api+json',
      'application/merge-patch+json',
      'application/problem+JSON',
      'application/a.b-c+json; q=1',
      'application/jsonx',
      'application/json5',
      'application/x-json',
      'application/ld+json+x',
      'text/json',
      'text/plain',
      'json',
      '',
    ];
    for (const type of types) {
      const res = await app.request('/', {
        method: 'POST',
        headers: { 'content-type': type },
        body: '{"a":1}',
      });
      const { parsed } = (await res.json()) as { parsed: boolean };
      expect(isJsonContentType(type), type).toBe(parsed);
    }
  });
});

describe('inspectJson', () => {
  const nest = (levels: number, leaf: unknown) => {
    let value = leaf;
    for (let i = 0; i < levels; i++) value = i % 2 ? [value] : { a: value };
    return value;
  };

  it('walks 100,000 levels without recursion, stopping at the depth limit', () => {
    expect(inspectJson(nest(100_000, 'x'))).toBe(NESTED_TOO_DEEPLY);
    expect(inspectJson(nest(MAX_JSON_DEPTH, 'x'))).toBeUndefined();
    expect(inspectJson(nest(MAX_JSON_DEPTH + 1, 'x'))).toBe(NESTED_TOO_DEEPLY);
  });

  it('finds the NUL character in keys and values at any depth', () => {
    expect(inspectJson('a\0')).toBe(NUL_IN_TEXT);
    expect(inspectJson(nest(40, { 'k\0': 1 }))).toBe(NUL_IN_TEXT);
    expect(inspectJson(nest(40, ['ok', 'n\0']))).toBe(NUL_IN_TEXT);
    expect(inspectJson({ a: [1, true, null, 'fine', { b: 'also fine' }] })).toBeUndefined();
  });

  it('finds a lone surrogate, high or low, in keys and values, and lets a pair (an emoji) through', () => {
    expect(inspectJson('a\ud800')).toBe(BROKEN_CHARACTER);
    expect(inspectJson(nest(40, ['ok', '\udc00b']))).toBe(BROKEN_CHARACTER);
    expect(inspectJson(nest(40, { 'k\udbff': 1 }))).toBe(BROKEN_CHARACTER);
    expect(inspectJson({ name: 'Chanda 😀', note: '\ud83d\ude00' })).toBeUndefined();
  });
});
