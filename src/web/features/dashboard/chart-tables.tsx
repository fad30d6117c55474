import type { DashboardResponse } from '../../../contracts/dashboard';
import { PROGRAM_STATUSES } from '../../../domain/students';
import { Table, TBody, TD, TH, THead, TR } from '../../components/ui';
import { formatMoney } from '../../lib/format';
import { STATUS_LABELS } from './chart-data';
import { formatCount } from './chart-geometry';

/*
 * Each chart's numbers as a table ('Show as table'): the same figures for anyone who cannot read
 * the chart, or wants the exact values.
 */

export function StudentsByCategoryTable({ data }: { data: DashboardResponse['students_by_category'] }) {
  const total = data.reduce((sum, c) => sum + c.count, 0);
  return (
    <Table aria-label="Students by category">
      <THead>
        <TR>
          <TH>Category</TH>
          <TH className="text-right">Students</TH>
        </TR>
      </THead>
      <TBody>
        {data.map((c) => (
          <TR key={c.category}>
            <TH scope="row" className="font-normal text-slate-700 normal-case">
              {c.label}
            </TH>
            <TD className="text-right tabular-nums">{formatCount(c.count)}</TD>
          </TR>
        ))}
        <TR>
          <TH scope="row" className="text-slate-900 normal-case">
            Total
          </TH>
          <TD className="text-right font-semibold tabular-nums">{formatCount(total)}</TD>
        </TR>
      </TBody>
    </Table>
  );
}

export function StudentProgressTable({ data }: { data: DashboardResponse['student_progress_by_year'] }) {
  if (data.length === 0) return <p className="text-sm text-slate-600">No students yet.</p>;
  return (
    <Table aria-label="Student progress by year">
      <THead>
        <TR>
          <TH>Start year</TH>
          {PROGRAM_STATUSES.map((s) => (
            <TH key={s} className="text-right">
              {STATUS_LABELS[s]}
            </TH>
          ))}
          <TH className="text-right">Total</TH>
        </TR>
      </THead>
      <TBody>
        {data.map(({ year, counts }) => (
          <TR key={year}>
            <TH scope="row" className="font-normal text-slate-700">
              {year}
            </TH>
            {PROGRAM_STATUSES.map((s) => (
              <TD key={s} className="text-right tabular-nums">
                {formatCount(counts[s] ?? 0)}
              </TD>
            ))}
            <TD className="text-right font-semibold tabular-nums">
              {formatCount(PROGRAM_STATUSES.reduce((sum, s) => sum + (counts[s] ?? 0), 0))}
            </TD>
          </TR>
        ))}
      </TBody>
    </Table>
  );
}

export function MonthlyAllowancesTable({ data }: { data: DashboardResponse['monthly_allowances'] }) {
  return (
    <Table aria-label="Monthly allowances">
      <THead>
        <TR>
          <TH>Month</TH>
          <TH className="text-right">Submitted</TH>
          <TH className="text-right">Approved</TH>
          <TH className="text-right">Paid</TH>
        </TR>
      </THead>
      <TBody>
        {data.map((m) => (
          <TR key={m.month}>
            <TH scope="row" className="font-normal text-slate-700 normal-case">
              {m.label}
            </TH>
            <TD className="text-right tabular-nums">{formatMoney(m.submitted)}</TD>
            <TD className="text-right tabular-nums">{formatMoney(m.approved)}</TD>
            <TD className="text-right tabular-nums">{formatMoney(m.paid)}</TD>
          </TR>
        ))}
      </TBody>
    </Table>
  );
}
