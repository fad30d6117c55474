import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type {
  MarkBatchPaidResponse,
  PaymentBatchCreated,
  PaymentBatchDetail,
  ReconcileResponse,
} from '../../../contracts/payment-batches';
import { MONTHS } from '../../../domain/dates';
import { PAYMENT_BATCH_MESSAGES as M } from '../../../domain/payment-batches';
import { activities, allowanceComments, allowances, paymentBatchItems } from '../../db/schema';
import { checkTriggerKeptTables } from '../../db/trigger-kept-check';
import { errorOf, json, makeAllowance, makeStudent, upload } from '../../testing/factories';
import { giveChannel } from '../../testing/payment-channel-factory';
import { fileTestContext } from '../../testing/test-file';

const { t, tokens } = fileTestContext({ signIn: ['ADM001'] });

const send = (method: string, path: string, body?: unknown) =>
  t.request(method, path, { token: tokens.ADM001, body });

let months = 0;
/** A batch of new approved allowances, one per amount (stipends), each its own student, in a month of its own. */
async function batchOf(amounts: string[]): Promise<PaymentBatchCreated> {
  const month = MONTHS[months++ % 12]!;
  const year = 2025 - Math.floor((months - 1) / 12);
  for (const [i, stipend] of amounts.entries()) {
    const student = await makeStudent(t, {
      name: `Student${months}x${i} Zulu${String.fromCharCode(65 + i)}`,
    });
    await giveChannel(t, student.id);
    await makeAllowance(t, student, {
      stage: 'approved',
      month,
      monthNumber: MONTHS.indexOf(month) + 1,
      year,
      stipend,
    });
  }
  const res = await send('POST', '/api/payment-batches', { month, year });
  expect(res.status, await res.clone().text()).toBe(201);
  return json<PaymentBatchCreated>(res);
}

const reconcile = (batch: { id: string }, csv: string, name = 'statement.csv') =>
  upload(t, `/api/payment-batches/${batch.id}/reconcile`, tokens.ADM001, name, csv);

const stagesOf = async (batch: PaymentBatchDetail) =>
  Promise.all(
    batch.items.map(async (item) => {
      const [row] = await t.database.db
        .select({ stage: allowances.approvalStage, paidDate: allowances.paidDate, paidBy: allowances.paidBy })
        .from(allowances)
        .where(eq(allowances.id, item.allowance_id));
      return row!;
    }),
  );

/** The 'paid' comments written on the allowances of the batch. */
const paidCommentsOf = (batch: PaymentBatchCreated) =>
  t.database.db
    .select()
    .from(allowanceComments)
    .where(
      and(
        sql`${allowanceComments.allowanceId} = any(${sql.param(batch.items.map((i) => i.allowance_id))}::uuid[])`,
        eq(allowanceComments.action, 'paid'),
      ),
    );

const detail = async (batch: { id: string }) =>
  json<PaymentBatchDetail>(await send('GET', `/api/payment-batches/${batch.id}`));

describe('Mark as Paid', () => {
  it('pays every allowance as a single payment would: stage, payer, the bank day, comment, audit', async () => {
    const batch = await batchOf(['1000.00', '1500.50']);
    const res = await send('POST', `/api/payment-batches/${batch.id}/mark-paid`, { paid_date: '2026-03-15' });
    expect(res.status, await res.clone().text()).toBe(200);
    const result = await json<MarkBatchPaidResponse>(res);
    expect(result).toMatchObject({ paid: 2, skipped: [] });
    expect(result.batch).toMatchObject({
      status: 'paid',
      paid_date: '2026-03-15',
      paid_by: 'Mutale Bwalya',
      item_counts: { pending: 0, paid: 2, reconciled: 0 },
    });
    expect(await stagesOf(result.batch)).toEqual([
      { stage: 'paid', paidDate: '2026-03-15', paidBy: 'Mutale Bwalya' },
      { stage: 'paid', paidDate: '2026-03-15', paidBy: 'Mutale Bwalya' },
    ]);
    const first = batch.items[0]!.allowance_id;
    const comments = await t.database.db
      .select()
      .from(allowanceComments)
      .where(eq(allowanceComments.allowanceId, first));
    expect(comments.map((c) => [c.action, c.commentText, c.stage, c.userRole])).toEqual([
      ['paid', 'Payment processed', 'payment', 'admin'],
    ]);
    const [entry] = await t.database.db
      .select()
      .from(activities)
      .where(and(eq(activities.entityId, first), eq(activities.action, 'allowance.paid')));
    expect(entry?.summary).toMatch(
      /marked the allowance of .+ as paid \(ZMW 1,000\.00\) in payment batch PB-2025-01-001$/,
    );
    expect(entry?.changes).toMatchObject({ approval_stage: { before: 'approved', after: 'paid' } });

    const again = await send('POST', `/api/payment-batches/${batch.id}/mark-paid`, {
      paid_date: '2026-03-15',
    });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).error).toBe(M.nothingToPay);
    expect(await checkTriggerKeptTables(t.database.db)).toEqual([]);
  });

  it('leaves an allowance someone else paid meanwhile as it is, and reports it', async () => {
    const batch = await batchOf(['700.00', '800.00']);
    const moved = batch.items[1]!;
    const single = await send('POST', `/api/allowances/${moved.allowance_id}/pay`, {
      expected_stage: 'approved',
    });
    expect(single.status).toBe(200);
    const result = await json<MarkBatchPaidResponse>(
      await send('POST', `/api/payment-batches/${batch.id}/mark-paid`, { paid_date: '2026-03-15' }),
    );
    expect(result.paid).toBe(1);
    expect(result.skipped).toEqual([
      {
        allowance_id: moved.allowance_id,
        student_name: moved.student_name,
        reference: moved.reference,
        reason: 'It is Paid now, not Approved: someone else changed it meanwhile.',
      },
    ]);
    expect(result.batch.item_counts).toEqual({ pending: 1, paid: 1, reconciled: 0 });
    // Paid once: one payment comment, by the single payment.
    const comments = await t.database.db
      .select()
      .from(allowanceComments)
      .where(
        and(eq(allowanceComments.allowanceId, moved.allowance_id), eq(allowanceComments.action, 'paid')),
      );
    expect(comments).toHaveLength(1);
  });

  it('refuses a payment date in the future, before the batch, or not a date, and pays nothing', async () => {
    const batch = await batchOf(['100.00']);
    const cases: Array<[unknown, string]> = [
      [{ paid_date: '2026-03-16' }, M.paidDateFuture],
      [{ paid_date: '2026-03-14' }, 'The payment date cannot be before the batch was created (15/03/2026).'],
      [{ paid_date: '2026-02-30' }, M.paidDateInvalid],
      [{}, M.paidDateRequired],
    ];
    for (const [body, message] of cases) {
      const res = await send('POST', `/api/payment-batches/${batch.id}/mark-paid`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(res)).error).toBe(message);
    }
    expect((await send('POST', `/api/payment-batches/${batch.id}/mark-paid`)).status).toBe(400);
    expect((await detail(batch)).status).toBe('open');
    expect((await stagesOf(batch)).map((s) => s.stage)).toEqual(['approved']);
  });
});

describe('reconciling with the bank statement', () => {
  it('pays and reconciles the matched; each kind of mismatch is listed and changes nothing', async () => {
    const batch = await batchOf(['1000.00', '1234.50', '900.00', '450.00', '300.00']);
    const [ok, different, missing, repeated, second] = batch.items as [
      (typeof batch.items)[number],
      (typeof batch.items)[number],
      (typeof batch.items)[number],
      (typeof batch.items)[number],
      (typeof batch.items)[number],
    ];
    const statement = [
      'Reference,Amount',
      `${ok.reference},1000.00`,
      `${different.reference},1234.00`,
      `${repeated.reference},450.00`,
      'PB-2099-01-001-0001,55.00',
      `${repeated.reference},450.00`,
      `${second.reference.toLowerCase().replaceAll('-', ' ')},300`,
    ].join('\n');
    const res = await reconcile(batch, statement);
    expect(res.status, await res.clone().text()).toBe(200);
    const result = await json<ReconcileResponse>(res);
    expect(result.matched).toBe(2);
    expect(result.paid).toBe(2);
    expect(result.mismatches).toEqual([
      {
        kind: 'missing',
        reference: missing.reference,
        expected_amount: '900.00',
        student_name: missing.student_name,
      },
      {
        kind: 'different_amount',
        reference: different.reference,
        expected_amount: '1234.50',
        paid_amount: '1234.00',
        student_name: different.student_name,
        rows: [3],
      },
      { kind: 'unknown_reference', reference: 'PB-2099-01-001-0001', paid_amount: '55.00', rows: [5] },
      {
        kind: 'duplicate_reference',
        reference: repeated.reference,
        expected_amount: '450.00',
        paid_amount: '900.00',
        student_name: repeated.student_name,
        rows: [4, 6],
      },
    ]);
    // Matched: paid today and reconciled; every mismatch left as it was.
    const after = await detail(batch);
    expect(after.items.map((i) => i.status)).toEqual([
      'reconciled',
      'pending',
      'pending',
      'pending',
      'reconciled',
    ]);
    expect((await stagesOf(after)).map((s) => s.stage)).toEqual([
      'paid',
      'approved',
      'approved',
      'approved',
      'paid',
    ]);
    expect((await stagesOf(after))[0]).toMatchObject({ paidDate: '2026-03-15', paidBy: 'Mutale Bwalya' });
    expect(after).toMatchObject({ status: 'paid', paid_date: '2026-03-15', reconciled_at: null });

    // The bank's next statement pays the rest: the batch is reconciled.
    const rest = [
      'reference,amount',
      `${ok.reference},1000.00`,
      `${different.reference},1234.50`,
      `${missing.reference},900.00`,
      `${repeated.reference},450.00`,
    ].join('\n');
    const done = await json<ReconcileResponse>(await reconcile(batch, rest));
    expect(done).toMatchObject({ matched: 4, paid: 3, mismatches: [] });
    expect(done.batch).toMatchObject({
      status: 'reconciled',
      item_counts: { pending: 0, paid: 0, reconciled: 5 },
    });
    expect(done.batch.reconciled_at).not.toBeNull();
    // A different statement for a reconciled batch: nothing left to do.
    const refused = await reconcile(batch, `reference,amount\n${ok.reference},1000.00`);
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).error).toBe(M.alreadyReconciled);
    expect(await checkTriggerKeptTables(t.database.db)).toEqual([]);
  });

  it('recognises a statement imported again, in another layout: 409, nothing changed, its matches not counted again', async () => {
    const batch = await batchOf(['100.00', '200.00']);
    const [a, b] = batch.items as [(typeof batch.items)[number], (typeof batch.items)[number]];
    const first = await reconcile(batch, `Reference,Amount\n${a.reference},100.00\nPB-2099-01-001-0009,5.00`);
    expect(first.status, await first.clone().text()).toBe(200);
    expect(await json<ReconcileResponse>(first)).toMatchObject({ matched: 1, paid: 1 });
    const before = await detail(batch);
    const entries = async () =>
      (
        await t.database.db
          .select()
          .from(activities)
          .where(and(eq(activities.entityId, batch.id), eq(activities.action, 'payment_batch.reconciled')))
      ).length;
    expect(await entries()).toBe(1);
    // The same payments, saved again by the bank with other columns, other order, other spelling.
    const again = await reconcile(
      batch,
      `Date,Details,Credit\n2026-03-15,pb 2099 01 001 0009,"ZMW 5.00"\n2026-03-15,${a.reference.toLowerCase()},100`,
    );
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toEqual({
      error: M.statementAlreadyImported('15/03/2026', 'Mutale Bwalya'),
      code: 'statement_already_reconciled',
    });
    expect(await detail(batch)).toEqual(before);
    expect(await entries()).toBe(1);
    // A new statement (one more payment) is read as usual.
    const next = await reconcile(
      batch,
      `Reference,Amount\n${a.reference},100.00\n${b.reference},200.00\nPB-2099-01-001-0009,5.00`,
    );
    expect(await json<ReconcileResponse>(next)).toMatchObject({ matched: 2, paid: 1 });
  });

  it('reads a Bank Reference column, and lists fees and charges apart from the payments', async () => {
    const batch = await batchOf(['640.00']);
    const ref = batch.items[0]!.reference;
    const statement = [
      'Date,Bank Reference,Amount',
      `2026-03-15,${ref},640.00`,
      '2026-03-15,Transfer fee,2.50',
      '2026-03-15,SERVICE CHARGE MARCH,10.00',
      '2026-03-15,VAT on charges,1.60',
      '2026-03-15,FT26075XYZ,80.00',
    ].join('\n');
    const res = await reconcile(batch, statement);
    expect(res.status, await res.clone().text()).toBe(200);
    const result = await json<ReconcileResponse>(res);
    expect(result).toMatchObject({ matched: 1, paid: 1 });
    expect(result.charges).toEqual([
      { row: 3, description: 'Transfer fee', amount: '2.50' },
      { row: 4, description: 'SERVICE CHARGE MARCH', amount: '10.00' },
      { row: 5, description: 'VAT on charges', amount: '1.60' },
    ]);
    expect(result.mismatches).toEqual([
      { kind: 'unknown_reference', reference: 'FT26075XYZ', paid_amount: '80.00', rows: [6] },
    ]);
    for (const header of ['Transaction Reference', 'Customer Reference', 'Details']) {
      const other = await batchOf(['10.00']);
      const r = await reconcile(other, `${header},Amount\n${other.items[0]!.reference},10.00`);
      expect(r.status, `${header}: ${await r.clone().text()}`).toBe(200);
      expect((await json<ReconcileResponse>(r)).matched).toBe(1);
    }
  });

  it('keeps mismatches on the batch to work through: each resolved once with a note, audited; a later statement settles its own', async () => {
    const batch = await batchOf(['300.00', '400.00']);
    const [a, b] = batch.items as [(typeof batch.items)[number], (typeof batch.items)[number]];
    await reconcile(batch, `reference,amount\n${a.reference},300.00\nPB-2099-02-001-0001,12.00`);
    const kept = (await detail(batch)).mismatches;
    expect(kept).toMatchObject([
      {
        kind: 'missing',
        reference: b.reference,
        expected_amount: '400.00',
        resolved_at: null,
        resolution_note: null,
      },
      {
        kind: 'unknown_reference',
        reference: 'PB-2099-02-001-0001',
        paid_amount: '12.00',
        rows: [3],
        resolved_at: null,
      },
    ]);
    const unknown = kept[1]!;
    const resolve = (id: string, body: unknown) =>
      send('POST', `/api/payment-batches/${batch.id}/mismatches/${id}/resolve`, body);

    // A note is required and bounded; unknown ids are 404.
    const blank = await resolve(unknown.id, { note: '   ' });
    expect(blank.status).toBe(400);
    expect((await errorOf(blank)).fields).toEqual({ note: M.resolutionNoteRequired });
    expect((await resolve(unknown.id, { note: 'x'.repeat(1001) })).status).toBe(400);
    expect((await resolve('not-an-id', { note: 'ok' })).status).toBe(404);
    expect((await resolve('00000000-0000-4000-8000-000000000000', { note: 'ok' })).status).toBe(404);

    const res = await resolve(unknown.id, { note: '  Refund of another programme, returned by the bank.  ' });
    expect(res.status, await res.clone().text()).toBe(200);
    const after = await json<PaymentBatchDetail>(res);
    // Open ones first.
    expect(after.mismatches.map((m) => [m.kind, m.resolved_by, m.resolution_note])).toEqual([
      ['missing', null, null],
      ['unknown_reference', 'Mutale Bwalya', 'Refund of another programme, returned by the bank.'],
    ]);
    const again = await resolve(unknown.id, { note: 'twice' });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).error).toBe(M.mismatchAlreadyResolved);
    const [entry] = await t.database.db
      .select()
      .from(activities)
      .where(
        and(eq(activities.entityId, batch.id), eq(activities.action, 'payment_batch.mismatch_resolved')),
      );
    expect(entry?.summary).toContain('PB-2099-02-001-0001');
    expect(entry?.summary).toContain('Refund of another programme');

    // The same mismatch found again while open adds nothing; the later statement paying b settles it.
    await reconcile(batch, `reference,amount\n${a.reference},300.00\nPB-2099-02-001-0002,1.00`);
    expect((await detail(batch)).mismatches.filter((m) => m.kind === 'missing')).toHaveLength(1);
    await reconcile(batch, `reference,amount\n${b.reference},400.00`);
    const settled = (await detail(batch)).mismatches.find((m) => m.kind === 'missing')!;
    expect(settled.resolved_at).not.toBeNull();
    expect(settled.resolution_note).toMatch(/later bank statement/);
  });

  it('confirms a batch already marked paid without paying anything twice', async () => {
    const batch = await batchOf(['640.00', '360.00']);
    await send('POST', `/api/payment-batches/${batch.id}/mark-paid`, { paid_date: '2026-03-15' });
    const csv = batch.items.map((i) => `${i.reference},${i.amount}`).join('\n');
    const result = await json<ReconcileResponse>(await reconcile(batch, `ref,value\n${csv}`));
    expect(result).toMatchObject({ matched: 2, paid: 0, mismatches: [] });
    expect(result.batch.status).toBe('reconciled');
    const paidComments = await paidCommentsOf(batch);
    expect(paidComments).toHaveLength(2);
  });

  it('reads a messy real-world statement: other names, ZMW amounts, blank lines, a BOM, balance lines', async () => {
    const batch = await batchOf(['1234.50', '12000.00', '99.90']);
    const [a, b, c] = batch.items as [
      (typeof batch.items)[number],
      (typeof batch.items)[number],
      (typeof batch.items)[number],
    ];
    const statement = [
      '\ufeffValue Date ; Narration ; Debit ; Credit ; Balance',
      '01/04/2026;Opening balance;;;50 000.00',
      '',
      `02/04/2026;  TRF ${a.student_name.toUpperCase()} ${a.reference}  ;"ZMW 1,234.50";;48 765.50`,
      `02/04/2026;Payment ${b.reference};;"K12,000.00 ";36 765.50`,
      '   ;  ;  ;  ;  ',
      `03/04/2026;${c.reference.replaceAll('-', '')};(99.90);;36 665.60`,
      '03/04/2026;Bank charges;15.00;;36 650.60',
      ';Closing balance;;;36 650.60',
    ].join('\r\n');
    const res = await reconcile(batch, statement, 'Statement April.CSV');
    expect(res.status, await res.clone().text()).toBe(200);
    const result = await json<ReconcileResponse>(res);
    expect(result).toMatchObject({ matched: 3, paid: 3, skipped_rows: 2 });
    // The bank's fee is a charge, listed apart, not an unknown payment.
    expect(result.mismatches).toEqual([]);
    expect(result.charges).toEqual([{ row: 8, description: 'Bank charges', amount: '15.00' }]);
    expect(result.batch.status).toBe('reconciled');
  });

  it('refuses a file it cannot read with 400, saying what is wrong, and changes nothing', async () => {
    const batch = await batchOf(['500.00']);
    const ref = batch.items[0]!.reference;
    const cases: Array<[string, string, string, Array<{ row: number; message: string }>?]> = [
      ['s.csv', 'date,amount\n2026-03-01,500.00', 'The file has no reference column'],
      ['s.csv', 'reference,balance\nX,500.00', 'The file has no amount column'],
      [
        's.csv',
        `reference,amount\n${ref},five hundred\nOther,1.2.3\n${ref}-x,`,
        'The bank statement cannot be read: row 2: the amount "five hundred" is not an amount',
        [
          {
            row: 2,
            message: 'the amount "five hundred" is not an amount (write it like 1234.50 or ZMW 1,234.50)',
          },
          { row: 3, message: 'the amount "1.2.3" is not an amount (write it like 1234.50 or ZMW 1,234.50)' },
          { row: 4, message: `the payment ${ref} has no amount` },
        ],
      ],
      ['s.csv', 'reference,amount\n,\nOpening balance,', 'The file has no payments'],
      ['s.csv', 'reference,amount\n"PB-1,5', 'The file cannot be read as CSV'],
      ['s.txt', `reference,amount\n${ref},500.00`, 'Only .csv files are accepted.'],
      ['s.csv', '', 'Please choose the bank statement (a .csv file) to import.'],
    ];
    for (const [name, csv, message, rows] of cases) {
      const res = await reconcile(batch, csv, name);
      expect(res.status, csv).toBe(400);
      const body = await errorOf(res);
      expect(body.error).toContain(message);
      if (rows) expect(body.rows).toEqual(rows);
    }
    const after = await detail(batch);
    expect(after).toMatchObject({ status: 'open', item_counts: { pending: 1, paid: 0, reconciled: 0 } });
    expect((await stagesOf(after))[0]!.stage).toBe('approved');
  });

  it('reads a statement of several megabytes (files up to 10 MB are taken, D6)', async () => {
    const batch = await batchOf(['25.00']);
    const notes = 'x'.repeat(3 * 1024 * 1024);
    const res = await reconcile(
      batch,
      `reference,amount,notes\n${batch.items[0]!.reference},25.00,${notes}\n`,
    );
    expect(res.status, (await res.clone().text()).slice(0, 200)).toBe(200);
    expect(await json<ReconcileResponse>(res)).toMatchObject({ matched: 1, mismatches: [] });
  });

  it('refuses a file over 10 MB with 413', async () => {
    const batch = await batchOf(['10.00']);
    const big = `reference,amount\n${'PB-2000-01-001-0001,1.00\n'.repeat(450_000)}`;
    expect(big.length).toBeGreaterThan(10 * 1024 * 1024);
    const res = await reconcile(batch, big);
    expect(res.status).toBe(413);
  });

  it('answers 404 for an unknown batch, whatever the file', async () => {
    const res = await upload(
      t,
      '/api/payment-batches/00000000-0000-4000-8000-000000000000/reconcile',
      tokens.ADM001,
      's.csv',
      'nothing here',
    );
    expect(res.status).toBe(404);
  });
});

describe('two people at once', () => {
  it('pays each allowance once when Mark as Paid is pressed twice at the same moment', async () => {
    const batch = await batchOf(['111.00', '222.00']);
    const answers = await Promise.all(
      [0, 1].map(() =>
        send('POST', `/api/payment-batches/${batch.id}/mark-paid`, { paid_date: '2026-03-15' }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const comments = await paidCommentsOf(batch);
    expect(comments).toHaveLength(2);
  });
});

describe('what the database holds', () => {
  it('keeps the total and count equal to the items, and refuses a direct write that would make them differ', async () => {
    const batch = await batchOf(['100.00', '200.00']);
    const db = t.database.db;
    const totals = async () =>
      (
        await db.execute(
          sql`select total::text as total, allowance_count as n from payment_batches where id = ${batch.id}`,
        )
      ).rows[0];
    expect(await totals()).toEqual({ total: '300.00', n: 2 });

    const refused = async (statement: ReturnType<typeof sql>) => {
      const error = await db.execute(statement).then(
        () => null,
        (e: unknown) => e as { cause?: { code?: string; constraint?: string } },
      );
      expect(error?.cause).toMatchObject({
        code: '23514',
        constraint: 'payment_batches_total_is_sum_of_items',
      });
    };
    await refused(sql`update payment_batches set total = total + 1 where id = ${batch.id}`);
    await refused(sql`update payment_batches set allowance_count = 5 where id = ${batch.id}`);
    await refused(sql`update payment_batches set total = 0, allowance_count = 0 where id = ${batch.id}`);
    await refused(
      sql`insert into payment_batches (reference, created_by, total, allowance_count) values ('PB-X', 'psql', 10, 1)`,
    );
    expect(await totals()).toEqual({ total: '300.00', n: 2 });

    // Items written straight to the table move the total with them.
    const student = await makeStudent(t, { name: 'Direct Write' });
    const extra = await makeAllowance(t, student, {
      stage: 'approved',
      month: 'December',
      monthNumber: 12,
      year: 2024,
    });
    await db.execute(sql`insert into payment_batch_items (batch_id, allowance_id, line, amount, reference, student_id, year, month_number, channel)
                         values (${batch.id}, ${extra}, 3, 1000.25, 'PB-DIRECT-3', ${student.id}, 2024, 12, 'bank')`);
    expect(await totals()).toEqual({ total: '1300.25', n: 3 });
    await db.execute(sql`update payment_batch_items set amount = amount + 0.75 where batch_id = ${batch.id}`);
    expect(await totals()).toEqual({ total: '1302.50', n: 3 });
    await db.execute(sql`delete from payment_batch_items where reference = 'PB-DIRECT-3'`);
    expect(await totals()).toEqual({ total: '301.50', n: 2 });
    // An item moved to another batch moves its amount.
    const other = await batchOf(['50.00']);
    const [moved] = await db
      .select()
      .from(paymentBatchItems)
      .where(eq(paymentBatchItems.batchId, batch.id))
      .orderBy(asc(paymentBatchItems.line));
    await db.execute(
      sql`update payment_batch_items set batch_id = ${other.id}, line = 2 where id = ${moved!.id}`,
    );
    expect(await totals()).toEqual({ total: '200.75', n: 1 });
    const otherTotal = await db.execute(
      sql`select total::text as total, allowance_count as n from payment_batches where id = ${other.id}`,
    );
    expect(otherTotal.rows[0]).toEqual({ total: '150.75', n: 2 });
    expect(await checkTriggerKeptTables(db)).toEqual([]);
  });
});
