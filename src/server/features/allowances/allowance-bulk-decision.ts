import { and, eq, not } from 'drizzle-orm';
import {
  BULK_DECISION_MAX,
  BULK_DECISION_MESSAGES,
  type BulkDecisionInput,
  type BulkDecisionResponse,
  type BulkDecisionSkip,
} from '../../../contracts/allowances';
import { isUuid } from '../../../contracts/common';
import { APPROVAL_STAGE_LABELS } from '../../../domain/allowance-stages';
import {
  type Actor,
  ALLOWANCE_MESSAGES,
  approvalRole,
  canDecide,
  decideAllowance,
  isReviewStage,
  REVIEW_STEP_RULES,
  type ReviewStage,
  type StepPrefix,
  type Transition,
  twoStageRefusal,
} from '../../../domain/allowances';
import type { AppDeps, SessionUser } from '../../app-env';
import type { DbOrTx } from '../../db/client';
import { answeringConstraints } from '../../db/constraint-errors';
import { allowances } from '../../db/schema';
import { badRequest, forbidden } from '../../http/errors';
import { programmeDate, programmeZone } from '../../programme-time';
import { allowanceBeingUploaded } from '../bulk-writes/bulk-writes.service';
import { delegationFor } from '../delegations/delegations.service';
import { type AllowanceRow, actorOf } from './allowance-dto';
import { matchingAllowanceIds } from './allowance-queries';
import { allowanceIdIn, lockAllowances, takeStep } from './allowance-transitions';

/**
 * Allowances decided per transaction. Each allowance changes atomically on its own whatever the
 * size; the chunk bounds how long row locks are held and how much one statement carries.
 */
const CHUNK = 500;

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Approve or deny many allowances at one review stage with one comment (docs/product.md §2, §4,
 * D5). The user must decide at `expected_stage` (403 otherwise, for the whole request). Each
 * allowance still at that stage changes as a single decision would change it, with its own
 * comment row and audit entry; every other one is left as it is and reported with the reason.
 * Two bulk decisions over the same allowances at once change each allowance once.
 */
export async function bulkDecideAllowances(
  deps: AppDeps,
  user: SessionUser,
  input: BulkDecisionInput,
): Promise<BulkDecisionResponse> {
  const stage: ReviewStage = input.expected_stage;
  if (!REVIEW_STEP_RULES[stage].roles.includes(approvalRole(user.role)))
    throw forbidden(ALLOWANCE_MESSAGES.noPermission);

  // Stage, decider, comment and day are the same for every allowance: so is the change (whose
  // decision it is, with a delegation, is read again in each chunk's transaction: D21).
  const now = deps.clock.now();
  const decide = (actor: Actor): Transition => {
    const result = decideAllowance(
      { approvalStage: stage },
      actor,
      input.decision,
      input.comment,
      now,
      programmeZone(),
    );
    if (result.ok) return result;
    if (result.reason === 'forbidden') throw forbidden(result.message);
    throw badRequest(result.message, { comment: result.message });
  };
  decide(actorOf(user));

  // Ids as PostgreSQL writes them (lower case), so one sent in capitals is the same allowance.
  const candidates = input.ids
    ? [...new Set(input.ids.map((id) => id.toLowerCase()))]
    : await filterMatches(deps.db, input.filter!);
  // Each chunk locks its rows in id order, so concurrent bulk decisions never deadlock.
  const wellFormed = candidates.filter(isUuid).sort();
  const decided = new Set<string>();
  for (const chunk of chunks(wellFormed, CHUNK)) {
    const changed = await answeringConstraints({}, () =>
      deps.db.transaction((tx) => decideChunk(tx, user, stage, decide, now, chunk)),
    );
    for (const id of changed) decided.add(id);
  }

  const onBehalfOf = await delegationFor(deps.db, user.id, stage, programmeDate(now));
  const reasons = await skipReasons(
    deps.db,
    { ...actorOf(user), onBehalfOf },
    stage,
    wellFormed.filter((id) => !decided.has(id)),
  );
  const skipped: BulkDecisionSkip[] = candidates
    .filter((id) => !decided.has(id))
    .map(
      (id) =>
        reasons.get(id) ?? {
          id,
          reason: BULK_DECISION_MESSAGES.notFound,
          student_name: null,
          month: null,
          year: null,
        },
    );
  return { done: decided.size, skipped };
}

/** What "everything matching the current filter" holds now; more than the limit is refused whole. */
async function filterMatches(db: DbOrTx, filter: NonNullable<BulkDecisionInput['filter']>) {
  const ids = await matchingAllowanceIds(db, filter, BULK_DECISION_MAX + 1);
  if (ids.length > BULK_DECISION_MAX) throw badRequest(BULK_DECISION_MESSAGES.tooManyMatches);
  return ids;
}

/**
 * One transaction: lock the chunk's allowances still at the stage (a concurrent decision that
 * commits first takes its rows out of the lock's answer), leave those the two-stage rule refuses
 * the user, move the rest with one UPDATE guarded by the stage, then write a comment row and an
 * audit entry for each allowance the UPDATE returned.
 */
async function decideChunk(
  tx: DbOrTx,
  user: SessionUser,
  stage: ReviewStage,
  decide: (actor: Actor) => Transition,
  now: Date,
  chunk: string[],
): Promise<string[]> {
  const onBehalfOf = await delegationFor(tx, user.id, stage, programmeDate(now), true);
  const actor: Actor = { ...actorOf(user), onBehalfOf };
  const result = decide(actor);
  // An allowance whose upload is still being written is left, and reported (skipReasons).
  const atStage = and(allowanceIdIn(chunk), eq(allowances.approvalStage, stage), not(allowanceBeingUploaded));
  const locked = await lockAllowances(tx, atStage);
  const allowed = locked.filter((r) => twoStageRefusal(r.allowance, actor) === null);
  if (allowed.length === 0) return [];
  return [...(await takeStep(tx, user, allowed, stage, result, now))];
}

/** Who took a step, and how, from the step's columns; null while the step is not taken. */
function stepTaken(row: AllowanceRow, prefix: StepPrefix) {
  const taken = {
    dpm: { status: row.dpmStatus, by: row.dpmApprovedBy, byId: row.dpmApprovedById },
    flmi: { status: row.flmiStatus, by: row.flmiApprovedBy, byId: row.flmiApprovedById },
    pm: { status: row.pmStatus, by: row.pmApprovedBy, byId: row.pmApprovedById },
  }[prefix];
  return taken.status ? { ...taken, status: taken.status } : null;
}

/** Why an allowance that was not decided was left, from how it stands now. */
export function skipReason(row: AllowanceRow, stage: ReviewStage, user: Actor): string {
  const now = APPROVAL_STAGE_LABELS[row.approvalStage];
  const rule = REVIEW_STEP_RULES[stage];
  const taken = stepTaken(row, rule.prefix);
  if (taken) {
    const by = taken.byId === user.id ? 'you' : (taken.by ?? 'someone else');
    return BULK_DECISION_MESSAGES.alreadyDecided(taken.status, rule.label, by, now);
  }
  if (!isReviewStage(row.approvalStage)) return BULK_DECISION_MESSAGES.notAwaiting(now);
  const twoStage = row.approvalStage === stage ? twoStageRefusal(row, user) : null;
  if (twoStage) return twoStage;
  if (!canDecide(row, user)) return BULK_DECISION_MESSAGES.notYours(now);
  if (row.approvalStage !== stage)
    return BULK_DECISION_MESSAGES.otherStage(now, APPROVAL_STAGE_LABELS[stage]);
  // Still at the stage, yet not decided: a change came between the lock and the read.
  return BULK_DECISION_MESSAGES.changedMeanwhile;
}

async function skipReasons(
  db: DbOrTx,
  user: Actor,
  stage: ReviewStage,
  ids: string[],
): Promise<Map<string, BulkDecisionSkip>> {
  const reasons = new Map<string, BulkDecisionSkip>();
  for (const chunk of chunks(ids, BULK_DECISION_MAX)) {
    const rows = await db
      .select({ row: allowances, uploading: allowanceBeingUploaded })
      .from(allowances)
      .where(allowanceIdIn(chunk));
    for (const { row, uploading } of rows)
      reasons.set(row.id, {
        id: row.id,
        reason: uploading ? ALLOWANCE_MESSAGES.stillUploading : skipReason(row, stage, user),
        student_name: row.studentName,
        month: row.month,
        year: row.year,
      });
  }
  return reasons;
}
