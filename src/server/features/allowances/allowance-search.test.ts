import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AllowanceListResponse } from '../../../contracts/allowances';
import { allowanceStudentNames, allowances } from '../../db/schema';
import { json, makeAllowance, makeStudent, upload } from '../../testing/factories';
import { fileTestContext } from '../../testing/test-file';

const { t, tokens } = fileTestContext({ signIn: ['ADM001'] });

const list = async (query: string) =>
  json<AllowanceListResponse>(await t.request('GET', `/api/allowances?${query}`, { token: tokens.ADM001 }));

/** Pairs used by allowances that the names table lacks: none, whatever wrote them. */
async function pairsMissingFromNames(): Promise<unknown[]> {
  const missing = await t.database.db.execute(sql`
    select distinct a.student_id, a.student_name from allowances a
    where not exists (select 1 from allowance_student_names n
                       where n.student_id = a.student_id and n.student_name = a.student_name)`);
  return missing.rows;
}

describe('the names allowances were filed under', () => {
  it('are kept for API submissions, bulk uploads, direct inserts and updates', async () => {
    const mary = await makeStudent(t, { name: 'Mary Phiri', chlNumber: 'CHL-N-0001' });
    const created = await t.request('POST', '/api/allowances', {
      token: tokens.ADM001,
      body: { student_id: mary.id, month: 'January', year: 2026, stipend: '100' },
    });
    expect(created.status).toBe(201);
    const header =
      'student_id,student_name,chl_number,month,year,program_level,stipend,medical,transportation,school_supplies,accommodation,flmi_comments';
    const bulk = await upload(
      t,
      '/api/allowances/bulk',
      tokens.ADM001,
      'a.csv',
      `${header}\n,Mary Phiri,CHL-N-0001,February,2026,,100,,,,,\n,Mary Phiri,CHL-N-0001,March,2026,,100,,,,,`,
    );
    expect((await json(bulk)).success).toBe(2);
    await makeAllowance(t, mary, { month: 'April', monthNumber: 4, studentName: 'Mary P.' });
    await t.database.db
      .update(allowances)
      .set({ studentName: 'Mary Phiri-Banda' })
      .where(eq(allowances.monthNumber, 3));
    expect(await pairsMissingFromNames()).toEqual([]);
    const names = await t.database.db
      .select({ name: allowanceStudentNames.studentName })
      .from(allowanceStudentNames)
      .where(eq(allowanceStudentNames.studentId, mary.id))
      .orderBy(allowanceStudentNames.studentName);
    expect(names.map((n) => n.name)).toEqual(['Mary P.', 'Mary Phiri', 'Mary Phiri-Banda']);
  });

  it('let a search find an allowance by the name it was filed under, not by a later one', async () => {
    const ruth = await makeStudent(t, { name: 'Ruth Tembo', chlNumber: 'CHL-N-0002' });
    await makeAllowance(t, ruth, { month: 'May', monthNumber: 5, year: 2025, total: '11.00' });
    const renamed = await t.request('PUT', `/api/students/${ruth.id}`, {
      token: tokens.ADM001,
      body: { first_name: 'Ruth', last_name: 'Mulenga', program_level: 'university' },
    });
    expect(renamed.status).toBe(200);
    const created = await t.request('POST', '/api/allowances', {
      token: tokens.ADM001,
      body: { student_id: ruth.id, month: 'June', year: 2025, stipend: '22' },
    });
    expect(created.status).toBe(201);
    expect((await list('q=ruth%20tembo')).items.map((i) => i.total)).toEqual(['11.00']);
    expect((await list('q=RUTH%20MULENGA')).items.map((i) => i.total)).toEqual(['22.00']);
    expect((await list('q=ruth')).total).toBe(2);
    // A name search and a month search together: Ruth's May, or anyone's June.
    const june = await list('q=ju');
    expect(june.items.map((i) => i.month)).toEqual(['June']);
  });

  it('go with a deleted student', async () => {
    const gone = await makeStudent(t, { name: 'Gone Soon' });
    await makeAllowance(t, gone, { month: 'July', monthNumber: 7 });
    // The app refuses to delete a student with allowances; once they are gone, the names go too.
    await t.database.db.delete(allowances).where(eq(allowances.studentId, gone.id));
    const res = await t.request('DELETE', `/api/students/${gone.id}`, { token: tokens.ADM001 });
    expect(res.status).toBe(204);
    const left = await t.database.db
      .select()
      .from(allowanceStudentNames)
      .where(eq(allowanceStudentNames.studentId, gone.id));
    expect(left).toEqual([]);
  });
});

describe('a name that more than a thousand students share', () => {
  it('is searched by its text alone, with the same results', async () => {
    // 1,100 students "Shared Name 1" ... "Shared Name 1100", one allowance each, a minute apart.
    await t.database.db.execute(sql`
      insert into students (first_name, last_name, full_name, program_level)
      select 'Shared', 'Name ' || g, 'Shared Name ' || g, 'university' from generate_series(1, 1100) g`);
    await t.database.db.execute(sql`
      insert into allowances (student_id, student_name, month, month_number, year, program_level, stipend,
                              total, submitted_by, submitted_date)
      select id, full_name, 'August', 8, 2024, 'university', substring(full_name from 13)::numeric,
             substring(full_name from 13)::numeric, 'Test',
             timestamptz '2024-08-01' + substring(full_name from 13)::int * interval '1 minute'
        from students where first_name = 'Shared'`);
    const many = await list('q=shared%20name&pageSize=5');
    expect(many.total).toBe(1100);
    expect(many.items.map((i) => i.total)).toEqual(['1100.00', '1099.00', '1098.00', '1097.00', '1096.00']);
    expect(many.summary.pending_dpm).toBe(`${(1100 * 1101) / 2}.00`);
    // Fewer of them: 10, 100-109 and 1000-1099.
    const few = await list('q=shared%20name%2010&pageSize=3');
    expect(few.total).toBe(111);
    expect(few.items.map((i) => i.total)).toEqual(['1099.00', '1098.00', '1097.00']);
    const csv = await t.request('GET', '/api/allowances/export.csv?q=shared%20name', {
      token: tokens.ADM001,
    });
    expect((await csv.text()).trim().split('\r\n')).toHaveLength(1 + 1100);
  });
});
