/**
 * Migration 0021 adds the allowance CHECK constraints (docs/product.md D5). It first checks the
 * rows already stored: if any breaks a rule, it stops before changing anything and reports, per
 * rule, how many rows and which; the migrator's transaction leaves the database as it was.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorChain } from '../http/errors';
import { insert, type Row, refusedBy, validRow } from '../testing/raw-allowances';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { MIGRATIONS_FOLDER, runMigrations } from './migrate';
import { ALLOWANCE_CHECK_NAMES, type AllowanceCheckName } from './schema/allowances';

describe('migration 0021', () => {
  const SQL = readFileSync(`${MIGRATIONS_FOLDER}/0021_allowance_money_guards.sql`, 'utf8');

  it("checks the stored rows with the constraints' own expressions", () => {
    const added = [...SQL.matchAll(/ADD CONSTRAINT "(\w+)" CHECK \((.*)\);/g)].map((m) => [m[1], m[2]]);
    const checked = [...SQL.matchAll(/\('(\w+)', '(?:[^']|'')*',\s*\$rule\$(.*?)\$rule\$\)/gs)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(added.map(([name]) => name)).toEqual([...ALLOWANCE_CHECK_NAMES]);
    expect(checked).toEqual(added);
    // The check comes first: nothing is added before it has passed.
    expect(SQL.indexOf('DO $$')).toBeLessThan(SQL.indexOf('ADD CONSTRAINT'));
  });

  describe('on a database at 0020 with rows breaking every rule', () => {
    let database: TestDatabase;
    let studentId: string;
    const broken = new Map<AllowanceCheckName, string[]>();

    const checkConstraints = async () =>
      (
        await database.pool.query<{ name: string }>(
          `select conname as name from pg_constraint
            where conrelid = 'allowances'::regclass and contype = 'c' order by conname`,
        )
      ).rows.map((r) => r.name);
    const migrationsApplied = async () =>
      (
        await database.pool.query<{ n: number }>(
          'select count(*)::int as n from drizzle.__drizzle_migrations',
        )
      ).rows[0]!.n;

    beforeAll(async () => {
      database = await createTestDatabase({ upTo: '0020_settings_security_and_backups' });
      const { rows } = await database.pool.query<{ id: string }>(
        `insert into students (first_name, last_name, full_name, program_level)
         values ('Mwila', 'Chanda', 'Mwila Chanda', 'university') returning id`,
      );
      studentId = rows[0]!.id;
      const add = async (rule: AllowanceCheckName, row: Row) =>
        broken.set(rule, [...(broken.get(rule) ?? []), await insert(database.pool, row)]);
      // Twelve totals off by a ngwee: the report counts them all and names ten.
      for (let i = 0; i < 12; i++)
        await add('allowances_total_is_sum_of_parts', {
          ...validRow(studentId, 'pending_dpm'),
          total: '1000.01',
        });
      await add('allowances_amounts_not_negative', {
        ...validRow(studentId, 'pending_dpm'),
        medical: '-100.00',
        total: '800.00',
      });
      await add('allowances_dpm_approval_recorded', {
        ...validRow(studentId, 'pending_flmi'),
        dpm_status: null,
      });
      await add('allowances_flmi_approval_recorded', {
        ...validRow(studentId, 'approved'),
        flmi_approved_by_id: null,
      });
      await add('allowances_flmi_approval_recorded', {
        ...validRow(studentId, 'paid'),
        flmi_approved_date: null,
      });
      await add('allowances_pm_approval_recorded', {
        ...validRow(studentId, 'approved'),
        pm_status: 'denied',
      });
      await add('allowances_payment_recorded', { ...validRow(studentId, 'paid'), paid_by: null });
      await add('allowances_rejection_recorded', {
        ...validRow(studentId, 'rejected'),
        rejection_reason: null,
      });
      // And rows that keep every rule, which the report leaves out.
      for (const stage of ['pending_dpm', 'pending_pm', 'paid', 'rejected'] as const)
        await insert(database.pool, validRow(studentId, stage));
    });
    afterAll(() => database.close());

    it('is refused with a report of each rule, how many rows and which, and changes nothing', async () => {
      const before = await migrationsApplied();
      const error = await runMigrations(database.pool).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeDefined();
      // Drizzle's error names the statement; the database's, which it wraps, is the report.
      const refusal = errorChain(error).find((link) => link.code === '23514');
      const message = String(refusal?.message);
      expect(message).toMatch(/^Migration 0021_allowance_money_guards changed nothing: /);
      const lines = message.split('\n').slice(1);
      expect(lines).toHaveLength(broken.size);
      const sorted = (ids: string[]) =>
        database.pool
          .query<{ id: string }>('select id from unnest($1::uuid[]) as id order by id', [ids])
          .then((r) => r.rows.map((x) => x.id));
      for (const [rule, ids] of broken) {
        const line = lines.find((l) => l.trim().startsWith(`${rule} (`));
        expect(line, rule).toBeDefined();
        const shown = line!.slice(line!.lastIndexOf(': ') + 2).split(', ');
        if (ids.length > 10) {
          expect(line).toContain(`: ${ids.length} rows, the first ten: `);
          expect(shown).toEqual((await sorted(ids)).slice(0, 10));
        } else {
          expect(line).toContain(ids.length === 1 ? ': 1 row: ' : `: ${ids.length} rows: `);
          expect(shown).toEqual(await sorted(ids));
        }
      }
      // Rolled back whole: no constraint, no record of the migration, every row as it was.
      expect(await checkConstraints()).toEqual([]);
      expect(await migrationsApplied()).toBe(before);
      const { rows } = await database.pool.query<{ n: number }>('select count(*)::int as n from allowances');
      expect(rows[0]!.n).toBe([...broken.values()].flat().length + 4);
    });

    it('applies once the rows are corrected', async () => {
      await database.pool.query('delete from allowances where id = any($1::uuid[])', [
        [...broken.values()].flat(),
      ]);
      await runMigrations(database.pool);
      expect(await checkConstraints()).toEqual([...ALLOWANCE_CHECK_NAMES].sort());
      await refusedBy(
        insert(database.pool, { ...validRow(studentId, 'pending_dpm'), total: '1000.01' }),
        'allowances_total_is_sum_of_parts',
      );
    });
  });
});
