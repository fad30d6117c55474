/**
 * The row check of a student file, one function for the browser's preview and the server's import,
 * so a row the preview marks Will import is never refused by the server for a rule of its own.
 */
import type { PaymentChannelDetails } from '../contracts/payment-channels';
import { type StudentCreate, StudentCreateSchema } from '../contracts/students';
import type { StudentImportInput } from '../domain/student-import';
import { studentRecordProblems } from '../domain/students';
import { checkImportChannel } from './student-channel-row';

export interface CheckedStudentRow {
  /** The row as the form would save it; null when a field breaks the form's rules. */
  student: StudentCreate | null;
  /** Everything wrong with the row, in the messages the form shows; empty when it may be imported. */
  problems: string[];
  /** The row's payment channel (optional columns), as stored; null when it has none. */
  channel: PaymentChannelDetails | null;
  /** What is imported as written but worth a look (a wallet prefix not the operator's). */
  warnings: string[];
}

/** A kept row of the file checked by the add form's rules, and its date of birth against `today`. */
export function checkStudentImportRow(input: StudentImportInput, today: string): CheckedStudentRow {
  const { channel, problems: channelProblems, warnings } = checkImportChannel(input);
  const parsed = StudentCreateSchema.safeParse(input);
  if (!parsed.success)
    return {
      student: null,
      problems: [...parsed.error.issues.map((issue) => issue.message), ...channelProblems],
      channel,
      warnings,
    };
  const dates = {
    date_of_birth: parsed.data.date_of_birth ?? null,
    start_date: null,
    expected_end_date: null,
  };
  return {
    student: parsed.data,
    problems: [...Object.values(studentRecordProblems(dates, today)), ...channelProblems],
    channel,
    warnings,
  };
}
