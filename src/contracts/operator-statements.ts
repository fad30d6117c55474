import { z } from 'zod';
import { OPERATOR_LINE_OUTCOMES, OPERATOR_LINE_STATUSES } from '../domain/operator-statements';
import { WALLET_PROVIDERS } from '../domain/payment-channels';
import { MoneySchema } from './dashboard';
import { PaymentBatchDetailSchema } from './payment-batches';

/** The form fields sent with an operator's statement (multipart, beside the file). */
export const OPERATOR_STATEMENT_FIELDS = { channel: 'channel', preview: 'preview' } as const;

export const OPERATOR_STATEMENT_REQUEST_MESSAGES = {
  channel: 'channel must be mtn_momo or airtel_money: the part whose statement this is',
  preview: 'preview must be true or false',
  file: "Please choose the operator's statement (a .csv or .xlsx file) to import.",
  fileType: 'Only .csv and .xlsx files are accepted.',
  notXlsx: 'The file is not a spreadsheet that can be read: save it again as .xlsx or as CSV.',
  tooLargeUnpacked: 'The spreadsheet unpacks to more than 50 MB, far more than a statement: save it as CSV.',
} as const;

export const OperatorStatementFieldsSchema = z.object({
  channel: z.enum(WALLET_PROVIDERS, { message: OPERATOR_STATEMENT_REQUEST_MESSAGES.channel }),
  preview: z
    .enum(['true', 'false'], { message: OPERATOR_STATEMENT_REQUEST_MESSAGES.preview })
    .optional()
    .transform((v) => v === 'true'),
});

export const OperatorStatementLineSchema = z.object({
  /** The file's row (the header's row counts, as the spreadsheet shows it). */
  row: z.number().int(),
  reference: z.string(),
  msisdn: z.string(),
  amount: MoneySchema,
  status: z.enum(OPERATOR_LINE_STATUSES),
  transaction_id: z.string(),
  date: z.string(),
  outcome: z.enum(OPERATOR_LINE_OUTCOMES),
  /** The batch's payment it is about: its reference, student and amount. */
  item_reference: z.string().nullable(),
  student_name: z.string().nullable(),
  expected_amount: MoneySchema.nullable(),
});
export type OperatorStatementLineDto = z.infer<typeof OperatorStatementLineSchema>;

export const OperatorStatementResponseSchema = z
  .object({
    channel: z.enum(WALLET_PROVIDERS),
    /** True: nothing was changed, this is what importing it would do. */
    preview: z.boolean(),
    /** Every outcome with its count of lines. */
    counts: z.record(z.enum(OPERATOR_LINE_OUTCOMES), z.number().int()),
    lines: z.array(OperatorStatementLineSchema),
    /** Rows left out: no reference (a title or total line), or a disbursement not final yet. */
    skipped_rows: z.number().int(),
    /** Allowances this import marked paid (payouts it confirmed). */
    paid: z.number().int(),
    batch: PaymentBatchDetailSchema,
  })
  .meta({ id: 'OperatorStatementImport' });
export type OperatorStatementResponse = z.infer<typeof OperatorStatementResponseSchema>;
