import { createHash } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { readSheet } from 'read-excel-file/node';
import type { ErrorResponse } from '../../../contracts/common';
import {
  type OperatorStatementLineDto,
  type OperatorStatementResponse,
  OPERATOR_STATEMENT_REQUEST_MESSAGES as R,
} from '../../../contracts/operator-statements';
import { operatorCsvRows, parseOperatorStatement } from '../../../csv/operator-statement';
import { normaliseMoney } from '../../../domain/money';
import {
  type MatchedLine,
  matchOperatorStatement,
  operatorStatementContentKey,
  outcomeCounts,
} from '../../../domain/operator-statements';
import { canReconcileBatch, PAYMENT_BATCH_MESSAGES as M } from '../../../domain/payment-batches';
import type { WalletProvider } from '../../../domain/payment-channels';
import type { AppDeps, SessionUser } from '../../app-env';
import type { Tx } from '../../db/client';
import { paymentBatchItems, payouts, students } from '../../db/schema';
import { conflict } from '../../http/errors';
import { unpacksWithin } from '../../http/zip-budget';
import { batchDetail, findBatch } from './batch-records';
import { refuseStatementSeenBefore } from './batch-settlement';
import { applyOperatorLines, type PartPayment } from './operator-statement-apply';

/*
 * An operator's statement of a batch's wallet part (issue 49 item 7; docs/decisions/014,
 * "Operator statements"): read (CSV or XLSX), matched by reference to the part's payments, shown
 * as a preview that changes nothing, then applied in one transaction that locks the batch first.
 */

export type OperatorStatementOutcome =
  | { ok: true; result: OperatorStatementResponse }
  | { ok: false; error: ErrorResponse };

/** A month's statement unpacks to a few megabytes at most; the reader holds it all in memory. */
const XLSX_UNPACKED_LIMIT = 50 * 1024 * 1024;

/** The file's rows of text: a CSV's, or the first sheet of an XLSX (numbers and dates as text). */
async function rowsOf(file: {
  bytes: Uint8Array;
  kind: 'csv' | 'xlsx';
}): Promise<string[][] | { error: string }> {
  if (file.kind === 'csv') {
    const text = new TextDecoder().decode(file.bytes);
    if (text.includes('\0')) return { error: R.notXlsx };
    return operatorCsvRows(text);
  }
  if (!unpacksWithin(file.bytes, XLSX_UNPACKED_LIMIT)) return { error: R.tooLargeUnpacked };
  try {
    const sheet = await readSheet(Buffer.from(file.bytes));
    return sheet.map((row) =>
      row.map((cell) =>
        cell === null || cell === undefined ? '' : cell instanceof Date ? cell.toISOString() : String(cell),
      ),
    );
  } catch {
    return { error: R.notXlsx };
  }
}

/** The part's payments, each with every attempt at paying it through the operator, oldest first. */
async function partPayments(tx: Tx, batchId: string, channel: WalletProvider): Promise<PartPayment[]> {
  const i = paymentBatchItems;
  const items = await tx
    .select({ item: i, studentName: students.fullName })
    .from(i)
    .innerJoin(students, eq(students.id, i.studentId))
    .where(and(eq(i.batchId, batchId), eq(i.channel, channel)))
    .orderBy(asc(i.line));
  const attempts = items.length
    ? await tx
        .select()
        .from(payouts)
        .where(
          inArray(
            payouts.itemId,
            items.map((r) => r.item.id),
          ),
        )
        .orderBy(asc(payouts.itemId), asc(payouts.attempt))
    : [];
  return items.map(({ item, studentName }) => {
    const rows = attempts.filter((a) => a.itemId === item.id);
    return {
      item_id: item.id,
      reference: item.reference,
      amount: normaliseMoney(item.amount),
      item_status: item.status,
      student_name: studentName,
      attempts: rows.map((a) => ({ id: a.id, reference: a.reference, status: a.status })),
      allowance_id: item.allowanceId,
      portal_exported: item.portalExportedAt !== null,
      rows,
    };
  });
}

function lineDto(m: MatchedLine<PartPayment>): OperatorStatementLineDto {
  return {
    ...m.line,
    outcome: m.outcome,
    item_reference: m.payment?.reference ?? null,
    student_name: m.payment?.student_name ?? null,
    expected_amount: m.payment?.amount ?? null,
  };
}

/**
 * Reads the statement and matches it: with `preview` nothing changes (the batch's lock is still
 * taken, so the preview reads the batch as an import would); otherwise each line's outcome is
 * applied. A file that cannot be read answers 400 with its problems by row; a statement already
 * imported for this batch answers 409, changing nothing.
 */
export async function importOperatorStatement(
  deps: AppDeps,
  user: SessionUser,
  id: string,
  file: { bytes: Uint8Array; kind: 'csv' | 'xlsx' },
  request: { channel: WalletProvider; preview: boolean },
): Promise<OperatorStatementOutcome> {
  await findBatch(deps.db, id);
  const rows = await rowsOf(file);
  if ('error' in rows) return { ok: false, error: { error: rows.error, code: 'invalid_statement' } };
  const statement = parseOperatorStatement(rows);
  if (!statement.ok)
    return { ok: false, error: { error: statement.error, code: 'invalid_statement', rows: statement.rows } };
  const contentHash = createHash('sha256')
    .update(operatorStatementContentKey(request.channel, statement.lines))
    .digest('hex');
  const { matched, paid } = await deps.db.transaction(async (tx) => {
    const batch = await findBatch(tx, id, !request.preview);
    await refuseStatementSeenBefore(tx, batch.id, contentHash, M.operatorStatementAlreadyImported);
    if (!canReconcileBatch(batch.status)) throw conflict(M.alreadyReconciled);
    const matched = matchOperatorStatement(
      await partPayments(tx, batch.id, request.channel),
      statement.lines,
    );
    if (request.preview) return { matched, paid: 0 };
    const paid = await applyOperatorLines(deps, tx, user, batch, request.channel, matched, contentHash);
    return { matched, paid };
  });
  return {
    ok: true,
    result: {
      channel: request.channel,
      preview: request.preview,
      counts: outcomeCounts(matched),
      lines: matched.map(lineDto),
      skipped_rows: statement.skipped,
      paid,
      batch: await batchDetail(deps.db, id, deps.mobileMoney),
    },
  };
}
