import { readFileSync } from 'node:fs';
import { eq, inArray, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { IMPORT_CHANNEL_MESSAGES } from '../../../csv/student-channel-row';
import { PAYMENT_CHANNEL_MESSAGES } from '../../../domain/payment-channels';
import { activities, paymentChannels, students } from '../../db/schema';
import { makeStudent, upload } from '../../testing/factories';
import { fileTestRequests } from '../../testing/test-file';

const { t, tokens, send, ok } = fileTestRequests({ signIn: ['PO001', 'ADM001'] });

const importFile = (csv: string, as = 'PO001', skip?: string) =>
  upload(t, '/api/students/import', tokens[as], 'students.csv', csv, skip ? { skip_invalid_rows: skip } : {});

const HEADER =
  'first_name,last_name,chl_number,payment_method,bank_name,bank_branch,account_number,account_name,wallet_number,wallet_name';

async function channelsOfChl(prefix: string) {
  return t.database.db
    .select({ chl: students.chlNumber, channel: paymentChannels })
    .from(paymentChannels)
    .innerJoin(students, eq(students.id, paymentChannels.studentId))
    .where(like(students.chlNumber, `${prefix}%`))
    .orderBy(students.chlNumber);
}

describe('payment channels in the student import', () => {
  it('imports the fixture: each channel as stored on the profile, primary, and the prefix warning listed', async () => {
    const csv = readFileSync(new URL('./testdata/students-with-channels.csv', import.meta.url), 'utf8');
    const result = await ok<{ imported: number; warnings: Array<{ row: number; message: string }> }>(
      await importFile(csv),
    );
    expect(result.imported).toBe(5);
    expect(result.warnings).toEqual([
      { row: 5, message: PAYMENT_CHANNEL_MESSAGES.prefixMismatch('mtn_momo', '+260971230004') },
    ]);
    const rows = await channelsOfChl('CHL-C-');
    expect(
      rows.map((r) => [
        r.chl,
        r.channel.kind,
        r.channel.provider,
        r.channel.walletNumber ?? r.channel.accountNumber,
        r.channel.isPrimary,
      ]),
    ).toEqual([
      ['CHL-C-0001', 'mobile_wallet', 'mtn_momo', '+260961230001', true],
      ['CHL-C-0002', 'mobile_wallet', 'airtel_money', '+260971230002', true],
      ['CHL-C-0003', 'bank', null, '001234500003', true],
      ['CHL-C-0004', 'mobile_wallet', 'mtn_momo', '+260971230004', true],
    ]);
    const audit = await t.database.db
      .select({ summary: activities.summary })
      .from(activities)
      .where(
        inArray(
          activities.entityId,
          rows.map((r) => r.channel.studentId),
        ),
      );
    expect(audit.map((a) => a.summary).join('\n')).toContain('with Zanaco ••••0003');
    expect(audit.map((a) => a.summary).join('\n')).not.toContain('001234500003');
    const listed = await ok<{ current: Array<{ wallet_number: string | null }> }>(
      await send('PO001', 'GET', `/api/students/${rows[0]!.channel.studentId}/payment-channels`),
    );
    expect(listed.current[0]!.wallet_number).toBe('+260961230001');
  });

  it('refuses the whole file for a bad channel, a channel used twice or in use, each row named, nothing written', async () => {
    const theirs = await makeStudent(t, { officer: 'ADM001', name: 'Taken Owner' });
    await ok(
      await send('ADM001', 'POST', `/api/students/${theirs.id}/payment-channels`, {
        kind: 'mobile_wallet',
        provider: 'airtel_money',
        wallet_number: '0977000111',
        wallet_name: 'Taken Owner',
      }),
    );
    const csv = [
      HEADER,
      'A,One,CHL-R-1,mtn_momo,,,,,12345,A One',
      'B,Two,CHL-R-2,cash,,,,,,',
      'C,Three,CHL-R-3,,Zanaco,,,,,',
      'D,Four,CHL-R-4,bank,Zanaco,,,D Four,,',
      'E,Five,CHL-R-5,mtn_momo,,,,,0966000555,E Five',
      'F,Six,CHL-R-6,mtn_momo,,,,,+260966000555,F Six',
      'G,Seven,CHL-R-7,airtel_money,,,,,0977000111,G Seven',
    ].join('\n');
    const res = await importFile(csv);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { rows: Array<{ row: number; message: string }> };
    expect(body.rows).toEqual([
      { row: 2, message: PAYMENT_CHANNEL_MESSAGES.walletNumberInvalid },
      { row: 3, message: IMPORT_CHANNEL_MESSAGES.methodUnknown('cash') },
      { row: 4, message: IMPORT_CHANNEL_MESSAGES.methodMissing },
      { row: 5, message: 'Enter the account number' },
      { row: 7, message: 'This wallet is also in row 6' },
      // The importer is a program officer: the other student is not theirs to name.
      { row: 8, message: PAYMENT_CHANNEL_MESSAGES.duplicateHidden('wallet') },
    ]);
    expect(await t.database.db.select().from(students).where(like(students.chlNumber, 'CHL-R-%'))).toEqual(
      [],
    );

    // An admin is told whose it is; skipping the bad rows imports the good one with its channel.
    const asAdmin = await importFile(
      [HEADER, 'G,Seven,CHL-Q-7,airtel_money,,,,,0977000111,G Seven'].join('\n'),
      'ADM001',
    );
    expect(((await asAdmin.json()) as { rows: unknown[] }).rows).toEqual([
      { row: 2, message: PAYMENT_CHANNEL_MESSAGES.duplicateNamed('wallet', 'Taken Owner') },
    ]);
    const skipped = await ok<{ imported: number }>(await importFile(csv, 'PO001', 'true'));
    expect(skipped.imported).toBe(1);
    expect((await channelsOfChl('CHL-R-')).map((r) => [r.chl, r.channel.walletNumber])).toEqual([
      ['CHL-R-5', '+260966000555'],
    ]);
  });
});
