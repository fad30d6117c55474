import { createRoute, z } from '@hono/zod-openapi';
import { ErrorResponseSchema, IdParamSchema, RecordIdParam } from '../../../contracts/common';
import { OperatorStatementResponseSchema } from '../../../contracts/operator-statements';
import {
  BatchPreviewQuerySchema,
  BatchPreviewSchema,
  CreatePaymentBatchRequestSchema,
  ExportChannelQuerySchema,
  FollowUpResponseSchema,
  MarkBatchPaidRequestSchema,
  MarkBatchPaidResponseSchema,
  PaymentBatchCreatedSchema,
  PaymentBatchDetailSchema,
  PaymentBatchListQuerySchema,
  PaymentBatchListResponseSchema,
  ReconcileResponseSchema,
  ResolveMismatchRequestSchema,
  ResolvePayoutRequestSchema,
  SendPayoutsRequestSchema,
  SendPayoutsResponseSchema,
} from '../../../contracts/payment-batches';
import { csvDownloadResponse } from '../../http/csv-download';
import { errorResponses, jsonBody, jsonResponse, multipartBody } from '../../http/openapi';
import { csvUploadRequest } from '../../http/uploads';

/** The statement's file, its part and whether only to preview it. */
const operatorStatementRequest = multipartBody(
  {
    channel: { type: 'string', enum: ['mtn_momo', 'airtel_money'] },
    preview: { type: 'string', enum: ['true', 'false'] },
  },
  ['channel'],
);

/*
 * Payment Batches as the OpenAPI document shows them (docs/product.md D20). Admins only: every
 * other account gets 403 before the request is read, signed out 401. Fixed paths come before
 * /{id} so /preview is never taken for an id.
 */

const tags = ['Payment Batches'];
const one = { params: IdParamSchema };

export const paymentBatchRoutes = {
  preview: createRoute({
    method: 'get',
    path: '/preview',
    tags,
    summary: "What a month's batch would hold now: its approved allowances in no batch, and their total",
    request: { query: BatchPreviewQuerySchema },
    responses: { 200: jsonResponse(BatchPreviewSchema, 'Count and total'), ...errorResponses(400, 401, 403) },
  }),
  list: createRoute({
    method: 'get',
    path: '/',
    tags,
    summary: 'Payment batches, newest first',
    request: { query: PaymentBatchListQuerySchema },
    responses: {
      200: jsonResponse(PaymentBatchListResponseSchema, 'A page of batches'),
      ...errorResponses(400, 401, 403),
    },
  }),
  create: createRoute({
    method: 'post',
    path: '/',
    tags,
    summary:
      'Creates a batch of approved allowances: a month ({month, year}) or a selection ({allowance_ids})',
    description:
      'Only allowances at stage approved and in no batch go in; of a selection, the others are listed in ' +
      '`skipped` with the reason. 409 when none qualify. The total and count are kept by the database.',
    request: jsonBody(CreatePaymentBatchRequestSchema),
    responses: {
      201: jsonResponse(PaymentBatchCreatedSchema, 'The batch, with its items'),
      ...errorResponses(400, 401, 403, 409),
    },
  }),
  get: createRoute({
    method: 'get',
    path: '/{id}',
    tags,
    summary: 'One batch with its items (student, NRC, amount, reference, status)',
    request: one,
    responses: { 200: jsonResponse(PaymentBatchDetailSchema, 'The batch'), ...errorResponses(401, 403, 404) },
  }),
  delete: createRoute({
    method: 'delete',
    path: '/{id}',
    tags,
    summary: 'Deletes a batch not paid yet (open or exported); its allowances may be batched again',
    request: one,
    responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404, 409) },
  }),
  export: createRoute({
    method: 'get',
    path: '/{id}/export',
    tags,
    summary:
      "The bank part's file (student, nrc, amount, reference, then a total line), or with `channel` a wallet part's file for its operator's portal; marks an open batch exported",
    description:
      'While an allowance of the bank part has no NRC number the answer is 409 (code `missing_nrc`, naming ' +
      'the students) and no file is made; `allow_missing_nrc=true` makes it anyway. A wallet part ' +
      '(`channel=mtn_momo` or `airtel_money`: msisdn, name, amount, reference) is refused with 409 when its ' +
      'operator is configured here (send it instead); its items are then never sent by the API.',
    request: { ...one, query: ExportChannelQuerySchema },
    responses: { 200: csvDownloadResponse, ...errorResponses(400, 401, 403, 404, 409) },
  }),
  markPaid: createRoute({
    method: 'post',
    path: '/{id}/mark-paid',
    tags,
    summary: "Pays every pending item's allowance on paid_date (approved -> paid, as a single payment)",
    description:
      'paid_date is the day the bank paid: not after today, not before the batch was made. An allowance ' +
      'someone else moved meanwhile is left as it is and listed in `skipped`. 409 when nothing is left to pay.',
    request: { ...one, ...jsonBody(MarkBatchPaidRequestSchema) },
    responses: {
      200: jsonResponse(MarkBatchPaidResponseSchema, 'How many were paid, and the ones left'),
      ...errorResponses(400, 401, 403, 404, 409),
    },
  }),
  reconcile: createRoute({
    method: 'post',
    path: '/{id}/reconcile',
    tags,
    summary: 'Matches the bank\'s statement (CSV, field "file", at most 10 MB) against the batch',
    description:
      'The statement needs a reference column (Reference, Ref, Payment Reference, Narration...) and an amount ' +
      'column (Amount, Amount Paid, Credit, Value...), in any case; amounts may read "ZMW 1,234.50". Each item ' +
      'the statement shows paid in full, once, is reconciled (its allowance paid if still approved); ' +
      'mismatches (missing, different_amount, unknown_reference, duplicate_reference) change no payment and ' +
      "are kept on the batch's `mismatches` until resolved with a note; the bank's fees and charges are " +
      'listed in `charges`. A file that cannot be read answers 400 with its problems by row; a statement ' +
      'with the same payments as one already imported for the batch answers 409 ' +
      '(code `statement_already_reconciled`) and changes nothing.',
    request: { ...one, ...csvUploadRequest },
    responses: {
      200: jsonResponse(ReconcileResponseSchema, 'Matched, paid, mismatches'),
      400: jsonResponse(ErrorResponseSchema, 'The statement cannot be read (nothing changed)'),
      ...errorResponses(401, 403, 404, 409, 413),
    },
  }),
  operatorStatement: createRoute({
    method: 'post',
    path: '/{id}/operator-statement',
    tags,
    summary:
      'Matches an operator\'s statement (CSV or XLSX, field "file", at most 10 MB) against a wallet part of the batch',
    description:
      'Fields: `channel` (mtn_momo or airtel_money) and `preview` (true: nothing changes, the answer says what ' +
      'importing it would do). The statement needs a reference column (External ID, Reference...), an amount ' +
      'and a status (SUCCESSFUL, FAILED, REVERSED; PENDING rows are left out). Each line is matched by our ' +
      "payout's reference or the item's, and ends as matched, different_amount, failed, reversed, conflict, " +
      'unmatched or duplicate (docs/decisions/014). A file that cannot be read answers 400 with its problems by ' +
      'row; a statement already imported for the batch answers 409 (code `statement_already_reconciled`).',
    request: { ...one, ...operatorStatementRequest },
    responses: {
      200: jsonResponse(OperatorStatementResponseSchema, 'What each line ended as, and the batch'),
      400: jsonResponse(ErrorResponseSchema, 'The statement cannot be read (nothing changed)'),
      ...errorResponses(401, 403, 404, 409, 413),
    },
  }),
  resolveMismatch: createRoute({
    method: 'post',
    path: '/{id}/mismatches/{mismatch_id}/resolve',
    tags,
    summary: "Marks one of the batch's open mismatches resolved, with a note saying how",
    request: {
      params: z.object({ id: RecordIdParam, mismatch_id: RecordIdParam }),
      ...jsonBody(ResolveMismatchRequestSchema),
    },
    responses: {
      200: jsonResponse(PaymentBatchDetailSchema, 'The batch, with its mismatches'),
      ...errorResponses(400, 401, 403, 404, 409),
    },
  }),
  sendPayouts: createRoute({
    method: 'post',
    path: '/{id}/payouts/send',
    tags,
    summary: 'Send to MTN MoMo / Airtel Money: queues one payout per pending item of that wallet part',
    description:
      'Each payout carries a reference derived from the item and its attempt; the server sends them in the ' +
      'background and asks their status until final (docs/decisions/014). An allowance becomes paid when its ' +
      'operator says the money arrived. Items whose wallet is held now are listed in `skipped`. 409 when the ' +
      'operator is not configured here (export its part instead) or nothing waits.',
    request: { ...one, ...jsonBody(SendPayoutsRequestSchema) },
    responses: {
      200: jsonResponse(SendPayoutsResponseSchema, 'How many were queued'),
      ...errorResponses(400, 401, 403, 404, 409),
    },
  }),
  retryPayout: createRoute({
    method: 'post',
    path: '/{id}/payouts/{payout_id}/retry',
    tags,
    summary: "Tries a failed payout again: a new attempt and reference, to the student's primary wallet now",
    request: { params: z.object({ id: RecordIdParam, payout_id: RecordIdParam }) },
    responses: {
      200: jsonResponse(PaymentBatchDetailSchema, 'The batch'),
      ...errorResponses(401, 403, 404, 409),
    },
  }),
  resolvePayout: createRoute({
    method: 'post',
    path: '/{id}/payouts/{payout_id}/resolve',
    tags,
    summary:
      'Settles a payout whose outcome is unknown by hand: paid (with the transaction id) or failed, with a note',
    request: {
      params: z.object({ id: RecordIdParam, payout_id: RecordIdParam }),
      ...jsonBody(ResolvePayoutRequestSchema),
    },
    responses: {
      200: jsonResponse(PaymentBatchDetailSchema, 'The batch'),
      ...errorResponses(400, 401, 403, 404, 409),
    },
  }),
  followUp: createRoute({
    method: 'post',
    path: '/{id}/follow-up',
    tags,
    summary: 'Moves the payments whose last payout failed to a new batch of the same month',
    request: one,
    responses: {
      201: jsonResponse(FollowUpResponseSchema, 'The new batch'),
      ...errorResponses(401, 403, 404, 409),
    },
  }),
};
