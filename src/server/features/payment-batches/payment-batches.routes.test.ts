import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type {
  BatchPreview,
  PaymentBatchCreated,
  PaymentBatchDetail,
  PaymentBatchListResponse,
} from '../../../contracts/payment-batches';
import { PAYMENT_BATCH_MESSAGES as M } from '../../../domain/payment-batches';
import { activities, allowances, students } from '../../db/schema';
import { checkTriggerKeptTables } from '../../db/trigger-kept-check';
import { accessMatrix, expectAccess, fromRole } from '../../testing/access-matrix';
import {
  csvDownloadLines,
  errorOf,
  json,
  makeAllowance,
  makeStudent,
  UNKNOWN_ID,
  upload,
} from '../../testing/factories';
import { giveChannel } from '../../testing/payment-channel-factory';
import { fileTestRequests } from '../../testing/test-file';

const { t, tokens, send } = fileTestRequests({ signIn: ['ADM001', 'DPM001', 'PO001'] });

async function create(body: unknown): Promise<PaymentBatchCreated> {
  const res = await send('ADM001', 'POST', '/api/payment-batches', body);
  expect(res.status, await res.clone().text()).toBe(201);
  return json<PaymentBatchCreated>(res);
}

const nrcOf = new Map<string, string>();

/** An approved allowance of a new student (with an NRC) for the month of 2026. */
async function approved(name: string, month: string, fields: Record<string, unknown> = {}) {
  const student = await makeStudent(t, { name });
  const nrc = `${100_001 + nrcOf.size}/10/1`;
  nrcOf.set(name, nrc);
  await t.database.db.update(students).set({ nrcNumber: nrc }).where(eq(students.id, student.id));
  await giveChannel(t, student.id);
  const monthNumber = new Date(`${month} 1, 2026`).getMonth() + 1;
  return makeAllowance(t, student, { stage: 'approved', month, monthNumber, year: 2026, ...fields });
}

describe('who reaches payment batches', () => {
  it('admins only: deputy managers, officers and everyone else get 403 before anything is read', async () => {
    await expectAccess(
      t,
      accessMatrix(
        [
          { route: 'GET /api/payment-batches', statuses: fromRole('admin', 200) },
          { route: 'GET /api/payment-batches/preview?month=May&year=2026', statuses: fromRole('admin', 200) },
          { route: 'POST /api/payment-batches', body: {}, statuses: fromRole('admin', 400) },
          { route: `GET /api/payment-batches/${UNKNOWN_ID}`, statuses: fromRole('admin', 404) },
          { route: `DELETE /api/payment-batches/${UNKNOWN_ID}`, statuses: fromRole('admin', 404) },
          { route: `GET /api/payment-batches/${UNKNOWN_ID}/export`, statuses: fromRole('admin', 404) },
          {
            route: `POST /api/payment-batches/${UNKNOWN_ID}/mark-paid`,
            body: { paid_date: '2026-03-15' },
            statuses: fromRole('admin', 404),
          },
          { route: 'GET /api/payment-batches/not-an-id', statuses: fromRole('admin', 404) },
        ],
        { forbidden: "You don't have permission to access this resource. Required role: admin" },
      ),
    );
  });

  it('refuses a statement upload from a deputy manager or an officer with 403', async () => {
    for (const as of ['DPM001', 'PO001'])
      expect(
        (
          await upload(
            t,
            `/api/payment-batches/${UNKNOWN_ID}/reconcile`,
            tokens[as],
            's.csv',
            'reference,amount\n',
          )
        ).status,
      ).toBe(403);
  });
});

describe('creating a batch', () => {
  it('by month: the approved allowances of the month in no batch, with their total kept by the database', async () => {
    const a = await approved('Aaron Banda', 'April', { stipend: '1200.50' });
    const b = await approved('Bupe Chanda', 'April', { stipend: '900.00', accommodation: '650.25' });
    const otherMonth = await approved('Chola Daka', 'May');
    const waiting = await makeAllowance(t, await makeStudent(t, { name: 'Dalitso Ere' }), {
      stage: 'pending_pm',
      month: 'April',
      monthNumber: 4,
    });

    const preview = await json<BatchPreview>(
      await send('ADM001', 'GET', '/api/payment-batches/preview?month=april&year=2026'),
    );
    expect(preview).toEqual({
      month: 'April',
      year: 2026,
      allowance_count: 2,
      total: '2750.75',
      parts: [{ channel: 'bank', allowance_count: 2, total: '2750.75' }],
      held: [],
    });

    const batch = await create({ month: 'April', year: 2026 });
    expect(batch).toMatchObject({
      reference: 'PB-2026-04-001',
      month: 'April',
      year: 2026,
      status: 'open',
      allowance_count: 2,
      total: '2750.75',
      item_counts: { pending: 2, paid: 0, reconciled: 0 },
      created_by: expect.any(String),
      skipped: [],
    });
    expect(batch.items.map((i) => [i.allowance_id, i.student_name, i.amount, i.reference, i.status])).toEqual(
      [
        [a, 'Aaron Banda', '1200.50', 'PB-2026-04-001-0001', 'pending'],
        [b, 'Bupe Chanda', '1550.25', 'PB-2026-04-001-0002', 'pending'],
      ],
    );
    expect(batch.items.map((i) => i.nrc_number)).toEqual([
      nrcOf.get('Aaron Banda'),
      nrcOf.get('Bupe Chanda'),
    ]);
    expect(batch.items.map((i) => i.allowance_id)).not.toContain(otherMonth);
    expect(batch.items.map((i) => i.allowance_id)).not.toContain(waiting);

    // Nothing left for April: the same month again is refused, and the preview says so.
    const again = await send('ADM001', 'POST', '/api/payment-batches', { month: 'April', year: 2026 });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).error).toBe(M.noneQualify('for April 2026'));
    expect(
      await json<BatchPreview>(
        await send('ADM001', 'GET', '/api/payment-batches/preview?month=April&year=2026'),
      ),
    ).toMatchObject({ allowance_count: 0, total: '0.00' });

    const [entry] = await t.database.db
      .select()
      .from(activities)
      .where(eq(activities.action, 'payment_batch.created'));
    expect(entry?.summary).toContain(
      'created payment batch PB-2026-04-001 for April 2026: 2 allowances, ZMW 2,750.75',
    );
    expect(await checkTriggerKeptTables(t.database.db)).toEqual([]);
  });

  it('by selection: only approved allowances in no batch go in; the others are listed with the reason', async () => {
    const keep = await approved('Eneless Fumbo', 'June');
    const pending = await makeAllowance(t, await makeStudent(t, { name: 'Febby Gondwe' }), {
      stage: 'pending_dpm',
    });
    const paid = await makeAllowance(t, await makeStudent(t, { name: 'Gift Hamoonga' }), { stage: 'paid' });
    const inBatch = await approved('Hope Ilunga', 'July');
    const first = await create({ allowance_ids: [inBatch] });
    expect(first.reference).toBe('PB-2026-03-001');
    expect(first.month).toBeNull();

    const batch = await create({
      allowance_ids: [keep, pending, paid, inBatch, UNKNOWN_ID, 'nonsense', keep],
    });
    expect(batch.reference).toBe('PB-2026-03-002');
    expect(batch.items.map((i) => i.allowance_id)).toEqual([keep]);
    expect(batch.total).toBe('1000.00');
    expect(batch.skipped).toEqual([
      {
        allowance_id: pending,
        student_name: 'Febby Gondwe',
        reference: null,
        reason: 'It is Pending Deputy Manager, not Approved.',
      },
      {
        allowance_id: paid,
        student_name: 'Gift Hamoonga',
        reference: null,
        reason: 'It is Paid, not Approved.',
      },
      {
        allowance_id: inBatch,
        student_name: 'Hope Ilunga',
        reference: 'PB-2026-03-001',
        reason: 'It is already in payment batch PB-2026-03-001.',
      },
      { allowance_id: UNKNOWN_ID, student_name: null, reference: null, reason: 'Not found.' },
      { allowance_id: 'nonsense', student_name: null, reference: null, reason: 'Not found.' },
    ]);

    const none = await send('ADM001', 'POST', '/api/payment-batches', { allowance_ids: [pending, paid] });
    expect(none.status).toBe(409);
    expect((await errorOf(none)).error).toBe(M.noneQualify('in this selection'));
  });

  it('refuses bad requests with a message and makes nothing', async () => {
    const cases: Array<[unknown, string]> = [
      [{}, 'Send either month and year, or allowance_ids.'],
      [{ month: 'April' }, 'valid year is required'],
      [{ year: 2026 }, 'month is required'],
      [{ month: 'Aprilish', year: 2026 }, 'month must be a valid month name'],
      [{ month: 'April', year: 1800 }, 'valid year is required'],
      [
        { month: 'April', year: 2026, allowance_ids: [UNKNOWN_ID] },
        'Send either month and year, or allowance_ids, not both.',
      ],
      [{ allowance_ids: [] }, 'Select at least one allowance.'],
      [{ allowance_ids: 'all' }, 'allowance_ids must be a list of allowance ids'],
    ];
    const before = await json<PaymentBatchListResponse>(await send('ADM001', 'GET', '/api/payment-batches'));
    for (const [body, message] of cases) {
      const res = await send('ADM001', 'POST', '/api/payment-batches', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(res)).error).toBe(message);
    }
    const after = await json<PaymentBatchListResponse>(await send('ADM001', 'GET', '/api/payment-batches'));
    expect(after.total).toBe(before.total);
  });

  it('gives two batches made at once the allowances once (one batch answers 409 or finds none)', async () => {
    const ids = [await approved('Inonge Jere', 'August'), await approved('Joseph Kabwe', 'August')];
    const answers = await Promise.all([
      send('ADM001', 'POST', '/api/payment-batches', { month: 'August', year: 2026 }),
      send('ADM001', 'POST', '/api/payment-batches', { allowance_ids: ids }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    const [{ n }] = (
      await t.database.db.execute(
        sql`select count(*)::int as n from payment_batch_items where allowance_id = any(${sql.param(ids)}::uuid[])`,
      )
    ).rows as [{ n: number }];
    expect(n).toBe(2);
    expect(await checkTriggerKeptTables(t.database.db)).toEqual([]);
  });
});

describe('listing, exporting and deleting', () => {
  it('lists newest first with paging', async () => {
    const list = await json<PaymentBatchListResponse>(
      await send('ADM001', 'GET', '/api/payment-batches?pageSize=2'),
    );
    expect(list.items).toHaveLength(2);
    expect(list.total).toBeGreaterThanOrEqual(4);
    expect(list.pageSize).toBe(2);
    const [newer, older] = list.items as [
      PaymentBatchListResponse['items'][number],
      PaymentBatchListResponse['items'][number],
    ];
    expect(newer.created_at >= older.created_at).toBe(true);
    expect((await send('ADM001', 'GET', '/api/payment-batches?pageSize=500')).status).toBe(400);
  });

  it('exports student, NRC, amount and reference, then the total; formulas written as text; marks it exported', async () => {
    const student = await makeStudent(t, { name: '=HYPERLINK("x") Mulenga' });
    await giveChannel(t, student.id);
    await makeAllowance(t, student, {
      stage: 'approved',
      month: 'September',
      monthNumber: 9,
      year: 2026,
      stipend: '1234.50',
    });
    await approved('Kabwe Lungu', 'September', { stipend: '100.05' });
    const batch = await create({ month: 'September', year: 2026 });
    // One allowance has no NRC: no file is made until the admin has been told whose, and says so.
    const warned = await send('ADM001', 'GET', `/api/payment-batches/${batch.id}/export`);
    expect(warned.status).toBe(409);
    expect(await json(warned)).toEqual({
      error:
        '1 of 2 allowances have no NRC number, and the bank may refuse their payments. Without NRC: =HYPERLINK("x") Mulenga.',
      code: 'missing_nrc',
    });
    expect(
      (await json<PaymentBatchDetail>(await send('ADM001', 'GET', `/api/payment-batches/${batch.id}`)))
        .status,
    ).toBe('open');
    expect(
      (await send('ADM001', 'GET', `/api/payment-batches/${batch.id}/export?allow_missing_nrc=maybe`)).status,
    ).toBe(400);
    const res = await send('ADM001', 'GET', `/api/payment-batches/${batch.id}/export?allow_missing_nrc=true`);
    const lines = await csvDownloadLines(res, 'pb-2026-09-001.csv');
    expect(lines).toEqual([
      'student,nrc,amount,reference',
      `"'=HYPERLINK(""x"") Mulenga",,1234.50,PB-2026-09-001-0001`,
      `Kabwe Lungu,${nrcOf.get('Kabwe Lungu')},100.05,PB-2026-09-001-0002`,
      'Total (2 payments),,1334.55,',
    ]);
    const after = await json<PaymentBatchDetail>(
      await send('ADM001', 'GET', `/api/payment-batches/${batch.id}`),
    );
    expect(after.status).toBe('exported');
    expect(after.exported_at).not.toBeNull();
    // Again: the same file, still exported, one audit entry.
    await csvDownloadLines(
      await send('ADM001', 'GET', `/api/payment-batches/${batch.id}/export?allow_missing_nrc=true`),
      'pb-2026-09-001.csv',
    );
    const entries = await t.database.db
      .select()
      .from(activities)
      .where(sql`${activities.entityId} = ${batch.id} and ${activities.action} = 'payment_batch.exported'`);
    expect(entries).toHaveLength(1);
  });

  it('deletes a batch not paid yet, and its allowances can be batched again; a paid one stays', async () => {
    const id = await approved('Lubasi Mwale', 'October');
    const batch = await create({ month: 'October', year: 2026 });
    const res = await send('ADM001', 'DELETE', `/api/payment-batches/${batch.id}`);
    expect(res.status).toBe(204);
    expect((await send('ADM001', 'GET', `/api/payment-batches/${batch.id}`)).status).toBe(404);
    const again = await create({ month: 'October', year: 2026 });
    expect(again.items.map((i) => i.allowance_id)).toEqual([id]);
    // The number is not given twice, even after a deletion.
    expect([batch.reference, again.reference]).toEqual(['PB-2026-10-001', 'PB-2026-10-002']);

    const paid = await send('ADM001', 'POST', `/api/payment-batches/${again.id}/mark-paid`, {
      paid_date: '2026-03-15',
    });
    expect(paid.status).toBe(200);
    const refused = await send('ADM001', 'DELETE', `/api/payment-batches/${again.id}`);
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).error).toBe(M.deleteOnlyUnpaid);
    const [row] = await t.database.db.select().from(allowances).where(eq(allowances.id, id));
    expect(row?.approvalStage).toBe('paid');
  });
});
