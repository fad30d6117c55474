/**
 * The allowance rules the database holds itself (docs/product.md D5, migration 0021): each CHECK
 * refuses a direct INSERT and a direct UPDATE that breaks it, whatever sent them; the rows the
 * approval chain writes pass at every stage; a refusal that reaches the API is a 400 or 409, never
 * a 500. Migration 0021, which adds them: allowance-checks-migration.test.ts.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalStage, ReviewStep } from '../../domain/allowance-stages';
import { HttpError } from '../http/errors';
import { stageRecord } from '../testing/allowance-records';
import {
  camelCased,
  insert,
  type Row,
  refusedBy,
  snakeCased,
  update,
  validRow,
} from '../testing/raw-allowances';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { answeringConstraints, checkRefusal } from './constraint-errors';
import { ALLOWANCE_CHECK_NAMES, type AllowanceCheckName, allowances } from './schema/allowances';

/** Each rule, the stages it holds at and the columns it needs there, each with one way to break it. */
interface Breach {
  rule: AllowanceCheckName;
  stage: ApprovalStage;
  rejectedAt?: ReviewStep;
  change: Row;
}

const STEP_COLUMNS = (prefix: string) => [
  `${prefix}_status`,
  `${prefix}_approved_by`,
  `${prefix}_approved_by_id`,
  `${prefix}_approved_date`,
];
const APPROVALS: Array<[AllowanceCheckName, string, ApprovalStage[]]> = [
  ['allowances_dpm_approval_recorded', 'dpm', ['pending_flmi', 'pending_pm', 'approved', 'paid']],
  ['allowances_flmi_approval_recorded', 'flmi', ['pending_pm', 'approved', 'paid']],
  ['allowances_pm_approval_recorded', 'pm', ['approved', 'paid']],
];

const BREACHES: Breach[] = [
  { rule: 'allowances_total_is_sum_of_parts', stage: 'pending_dpm', change: { total: '1000.01' } },
  { rule: 'allowances_total_is_sum_of_parts', stage: 'paid', change: { total: '100.00' } },
  { rule: 'allowances_total_is_sum_of_parts', stage: 'pending_pm', change: { accommodation: '50.00' } },
  // Negative parts with a total that still adds up: only the sign is wrong.
  {
    rule: 'allowances_amounts_not_negative',
    stage: 'pending_dpm',
    change: { medical: '-100.00', total: '800.00' },
  },
  {
    rule: 'allowances_amounts_not_negative',
    stage: 'approved',
    change: { stipend: '-1.00', accommodation: '1.00', medical: '0.00', total: '0.00' },
  },
  {
    rule: 'allowances_amounts_not_negative',
    stage: 'rejected',
    change: { transportation: '-0.01', school_supplies: '0.01' },
  },
  ...APPROVALS.flatMap(([rule, prefix, stages]) =>
    stages.flatMap((stage) => [
      ...STEP_COLUMNS(prefix).map((column) => ({ rule, stage, change: { [column]: null } })),
      { rule, stage, change: { [`${prefix}_status`]: 'denied' } },
    ]),
  ),
  ...['paid_date', 'paid_by', 'paid_by_id'].map((column) => ({
    rule: 'allowances_payment_recorded' as const,
    stage: 'paid' as const,
    change: { [column]: null },
  })),
  ...(['dpm_review', 'flmi_review', 'pm_review'] as const).flatMap((rejectedAt) =>
    ['rejected_at_stage', 'rejection_reason', 'rejected_by', 'rejected_date'].map((column) => ({
      rule: 'allowances_rejection_recorded' as const,
      stage: 'rejected' as const,
      rejectedAt,
      change: { [column]: null },
    })),
  ),
];

/** The stage just before, from which a bare UPDATE of approval_stage skips the rule's record. */
const MOVES: Array<[AllowanceCheckName, ApprovalStage, ApprovalStage]> = [
  ['allowances_dpm_approval_recorded', 'pending_dpm', 'pending_flmi'],
  ['allowances_dpm_approval_recorded', 'pending_dpm', 'paid'],
  ['allowances_flmi_approval_recorded', 'pending_flmi', 'pending_pm'],
  ['allowances_pm_approval_recorded', 'pending_pm', 'approved'],
  ['allowances_payment_recorded', 'approved', 'paid'],
  ['allowances_rejection_recorded', 'pending_dpm', 'rejected'],
  ['allowances_rejection_recorded', 'pending_pm', 'rejected'],
];

describe('the allowance CHECK constraints', () => {
  let database: TestDatabase;
  let studentId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const { rows } = await database.pool.query<{ id: string }>(
      `insert into students (first_name, last_name, full_name, program_level)
       values ('Mwila', 'Chanda', 'Mwila Chanda', 'university') returning id`,
    );
    studentId = rows[0]!.id;
  });
  afterAll(() => database.close());

  const count = async () =>
    (await database.pool.query<{ n: number }>('select count(*)::int as n from allowances')).rows[0]!.n;

  it('are all there, by name', async () => {
    const { rows } = await database.pool.query<{ name: string }>(
      `select conname as name from pg_constraint
        where conrelid = 'allowances'::regclass and contype = 'c' order by conname`,
    );
    expect(rows.map((r) => r.name)).toEqual([...ALLOWANCE_CHECK_NAMES].sort());
  });

  it('take the rows the approval chain writes, at every stage and rejected at every step', async () => {
    const stages: Array<[ApprovalStage, ReviewStep?]> = [
      ['pending_dpm'],
      ['pending_flmi'],
      ['pending_pm'],
      ['approved'],
      ['paid'],
      ['rejected', 'dpm_review'],
      ['rejected', 'flmi_review'],
      ['rejected', 'pm_review'],
    ];
    for (const [stage, rejectedAt] of stages) {
      const id = await insert(database.pool, validRow(studentId, stage, rejectedAt));
      const { rows } = await database.pool.query('select approval_stage from allowances where id = $1', [id]);
      expect(rows[0]).toEqual({ approval_stage: stage });
    }
    // A bulk upload's row: the stage and amounts only, every part zero but the stipend; and nothing at all.
    await insert(database.pool, { ...validRow(studentId, 'pending_dpm'), medical: '0', total: '900' });
    await insert(database.pool, {
      ...validRow(studentId, 'pending_dpm'),
      stipend: '0.00',
      medical: '0.00',
      total: '0.00',
    });
    // Step by step, the way the chain moves a row: each UPDATE lands.
    const moving = await insert(database.pool, validRow(studentId, 'pending_dpm'));
    for (const stage of ['pending_flmi', 'pending_pm', 'approved', 'paid'] as const)
      await update(database.pool, moving, snakeCased(stageRecord(stage, new Date('2026-03-16T09:00:00Z'))));
  });

  it.each(BREACHES.map((b) => [b.rule, b.stage, JSON.stringify(b.change), b] as const))(
    '%s refuses an INSERT at %s with %s',
    async (rule, _stage, _change, breach) => {
      const before = await count();
      await refusedBy(
        insert(database.pool, { ...validRow(studentId, breach.stage, breach.rejectedAt), ...breach.change }),
        rule,
      );
      expect(await count()).toBe(before);
    },
  );

  it.each(BREACHES.map((b) => [b.rule, b.stage, JSON.stringify(b.change), b] as const))(
    '%s refuses an UPDATE at %s setting %s',
    async (rule, _stage, _change, breach) => {
      const id = await insert(database.pool, validRow(studentId, breach.stage, breach.rejectedAt));
      const read = async () =>
        (await database.pool.query('select * from allowances where id = $1', [id])).rows[0];
      const before = await read();
      await refusedBy(update(database.pool, id, breach.change), rule);
      expect(await read()).toEqual(before);
    },
  );

  it.each(MOVES)('%s refuses moving %s to %s without the record', async (rule, from, to) => {
    const id = await insert(database.pool, validRow(studentId, from));
    await refusedBy(update(database.pool, id, { approval_stage: to }), rule);
    const { rows } = await database.pool.query('select approval_stage from allowances where id = $1', [id]);
    expect(rows[0]).toEqual({ approval_stage: from });
  });

  it('answer 400 for amounts and 409 for a stage record, never a 500, through answeringConstraints', async () => {
    const statusOf: Record<AllowanceCheckName, number> = {
      allowances_total_is_sum_of_parts: 400,
      allowances_amounts_not_negative: 400,
      allowances_dpm_approval_recorded: 409,
      allowances_flmi_approval_recorded: 409,
      allowances_pm_approval_recorded: 409,
      allowances_payment_recorded: 409,
      allowances_rejection_recorded: 409,
    };
    const answered = new Set<AllowanceCheckName>();
    for (const breach of BREACHES) {
      const id = await insert(database.pool, validRow(studentId, breach.stage, breach.rejectedAt));
      // Through Drizzle, whose error wraps the driver's, as the services write.
      const refusal = await answeringConstraints({}, () =>
        database.db.update(allowances).set(camelCased(breach.change)).where(eq(allowances.id, id)),
      ).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(refusal, `${breach.rule} ${JSON.stringify(breach.change)}`).toBeInstanceOf(HttpError);
      expect((refusal as HttpError).status).toBe(statusOf[breach.rule]);
      expect((refusal as HttpError).message).toMatch(/Nothing was saved\.$/);
      answered.add(breach.rule);
    }
    expect([...answered].sort()).toEqual([...ALLOWANCE_CHECK_NAMES].sort());
    // Any other error is left as it was.
    expect(checkRefusal(new Error('boom'))).toBeUndefined();
    expect(checkRefusal({ code: '23514', constraint: 'some_other_check' })).toBeUndefined();
  });
});
