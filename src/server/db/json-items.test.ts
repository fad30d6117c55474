import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fileTestContext } from '../testing/test-file';
import {
  isoTimestamp,
  itemsArray,
  jsonObject,
  jsonText,
  onPage,
  PAGE_ALIAS,
  writtenJson,
} from './json-items';
import { events, users } from './schema';

/*
 * jsonObject writes each field by its type rather than by json_build_object (db/json-items.ts):
 * the JSON must be what json_build_object wrote for every kind of value, nulls included, and an
 * object placed in another (or in itemsArray) must go in as an object, not as a quoted string.
 */

const { t } = fileTestContext();

const EVENT_ID = '0b0e9c6a-3b1f-4c55-9a53-6a41b2a3f0c1';

/** One row of `users` and one of `events`, as the page's rows, so that onPage columns have types. */
async function written(item: ReturnType<typeof jsonObject>): Promise<string> {
  const page = sql.identifier(PAGE_ALIAS);
  const rows = await t.deps.db.execute<{ items: string }>(sql`select ${itemsArray(item, sql`1`)} as items
    from (select ${sql.raw(`'${EVENT_ID}'`)}::uuid as id, 'Career day "2026"\n\\ Lusaka' as title,
                 null::integer as max_attendees, 12 as current_attendees, false as is_virtual,
                 null::uuid as organizer_id, timestamptz '2026-11-27 08:00:00.5+00' as created_at,
                 null::timestamptz as updated_at, array['a','b'] as tags) ${page}`);
  return String(rows.rows[0]!.items);
}

describe('jsonObject', () => {
  it('writes each kind of field as json_build_object did, nulls as null', async () => {
    const item = jsonObject({
      id: onPage(events.id),
      title: onPage(events.title),
      max_attendees: onPage(events.maxAttendees),
      current_attendees: onPage(events.currentAttendees),
      is_virtual: onPage(events.isVirtual),
      organizer_id: onPage(events.organizerId),
      created_at: isoTimestamp(onPage(events.createdAt)),
      updated_at: isoTimestamp(onPage(events.updatedAt)),
      tags: onPage(events.tags),
      nested: jsonObject({ id: onPage(events.id), none: sql`null::text` }),
      maybe: writtenJson(sql`case when false then ${jsonText(jsonObject({ a: sql`1` }))} end`),
      wrapped: sql`case when true then ${jsonObject({ b: sql`2` })} end`,
    });
    const text = await written(item);
    expect(JSON.parse(text)).toEqual([
      {
        id: EVENT_ID,
        title: 'Career day "2026"\n\\ Lusaka',
        max_attendees: null,
        current_attendees: 12,
        is_virtual: false,
        organizer_id: null,
        created_at: '2026-11-27T08:00:00.500Z',
        updated_at: null,
        tags: ['a', 'b'],
        nested: { id: EVENT_ID, none: null },
        maybe: null,
        wrapped: { b: 2 },
      },
    ]);
  });

  it('knows a table column of type uuid or boolean as well as a page column', async () => {
    const [row] = (
      await t.deps.db.execute<{ o: string }>(
        sql`select ${jsonText(jsonObject({ id: users.id, active: users.isActive }))} as o from ${users} limit 1`,
      )
    ).rows;
    const written = JSON.parse(String(row!.o)) as { id: string; active: boolean };
    expect(written.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof written.active).toBe('boolean');
  });

  it('refuses a field name that is not one of ours', () => {
    expect(() => jsonObject({ "a'; drop table users; --": sql`1` })).toThrow(/not a field name/);
  });
});
