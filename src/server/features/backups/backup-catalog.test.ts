import { describe, expect, it } from 'vitest';
import { type CatalogTable, insertOrder } from './backup-catalog';

/** A table with an `id` key and the named columns, null allowed unless named in `required`. */
const table = (name: string, columns: string[], required: string[] = []): CatalogTable => ({
  name,
  columns: ['id', ...columns].map((c) => ({
    name: c,
    type: 'uuid',
    bytea: false,
    nullable: !required.includes(c) && c !== 'id',
  })),
  primaryKey: ['id'],
  alwaysIdentity: false,
  sequences: [],
  deferred: [],
});
const plan = (tables: CatalogTable[], keys: Array<[string, string, string]>) =>
  insertOrder(
    new Map(tables.map((t) => [t.name, t])),
    keys.map(([from, column, to]) => ({ from, to, columns: [column] })),
  );

describe('the order a restore inserts tables in', () => {
  it('puts each table after the ones its foreign keys point at, by name among equals', () => {
    const order = plan(
      [
        table('comments', ['post_id'], ['post_id']),
        table('posts', ['author_id']),
        table('authors', []),
        table('tags', []),
      ],
      [
        ['comments', 'post_id', 'posts'],
        ['posts', 'author_id', 'authors'],
      ],
    );
    expect(order.map((t) => t.name)).toEqual(['authors', 'tags', 'posts', 'comments']);
    expect(order.flatMap((t) => t.deferred)).toEqual([]);
  });

  it('defers a column pointing into its own table, or closing a cycle, when it may be null', () => {
    const order = plan(
      [
        table('users', ['created_by_id']),
        table('teams', ['lead_id']),
        table('members', ['team_id'], ['team_id']),
      ],
      [
        ['users', 'created_by_id', 'users'],
        ['teams', 'lead_id', 'members'],
        ['members', 'team_id', 'teams'],
      ],
    );
    const byName = Object.fromEntries(order.map((t) => [t.name, t.deferred]));
    expect(byName).toEqual({ users: ['created_by_id'], teams: ['lead_id'], members: [] });
    expect(order.map((t) => t.name).indexOf('teams')).toBeLessThan(
      order.map((t) => t.name).indexOf('members'),
    );
  });

  it('refuses a cycle no null can break, naming its tables', () => {
    expect(() =>
      plan(
        [table('a', ['b_id'], ['b_id']), table('b', ['a_id'], ['a_id'])],
        [
          ['a', 'b_id', 'b'],
          ['b', 'a_id', 'a'],
        ],
      ),
    ).toThrow('a, b');
  });
});
