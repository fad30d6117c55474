import writeXlsxFile from 'write-excel-file/node';
import type { SimTransfer } from './mobile-money-sim-apis';

/*
 * The statement an operator's portal gives of the disbursements it made (issue 49 item 7), as the
 * simulator made them: the reference we sent (MTN's external id, Airtel's transaction id), the
 * wallet, the amount, the status and the operator's own transaction id. A transfer still pending
 * or unsettled is listed PENDING, as a portal lists one not final yet.
 */

const STATUS_WORDS: Record<SimTransfer['status'], string> = {
  successful: 'SUCCESSFUL',
  failed: 'FAILED',
  reversed: 'REVERSED',
  pending: 'PENDING',
  ambiguous: 'PENDING',
};

const HEADERS = {
  mtn: ['Date', 'External ID', 'Financial Transaction ID', 'MSISDN', 'Amount', 'Currency', 'Status'],
  airtel: ['Transaction Date', 'Reference', 'Airtel Money ID', 'MSISDN', 'Amount', 'Currency', 'Status'],
} as const;

export type SimStatementFile = { name: string; mimeType: string; buffer: Buffer };

/** The operator's statement of `transfers` as its portal would export it, CSV or XLSX. */
export async function simStatement(
  operator: 'mtn' | 'airtel',
  transfers: SimTransfer[],
  format: 'csv' | 'xlsx',
  at: Date = new Date(),
): Promise<SimStatementFile> {
  const rows = transfers
    .filter((t) => t.operator === operator)
    .map((t) => [
      at.toISOString().slice(0, 19).replace('T', ' '),
      t.reference,
      t.transactionId,
      t.msisdn,
      t.amount,
      'ZMW',
      STATUS_WORDS[t.status],
    ]);
  const name = `${operator}-statement-${at.toISOString().slice(0, 10)}.${format}`;
  if (format === 'csv') {
    const text = [[...HEADERS[operator]], ...rows].map((row) => row.join(',')).join('\r\n');
    return { name, mimeType: 'text/csv', buffer: Buffer.from(`${text}\r\n`) };
  }
  const sheet = [
    HEADERS[operator].map((value) => ({ value })),
    // The portal's spreadsheet writes the amount as a number, as a spreadsheet does.
    ...rows.map((row) => row.map((value, i) => ({ value: i === 4 ? Number(value) : value }))),
  ];
  return {
    name,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await writeXlsxFile(sheet).toBuffer(),
  };
}
