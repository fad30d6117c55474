/**
 * What is ticked on Allowance Management for a bulk decision: some allowances by id (kept across
 * pages), or everything the current search and stage match. Pure, so the rules are tested
 * without a screen; the page keeps one of these per search and stage.
 */
import { BULK_DECISION_MAX, type BulkDecisionRequest } from '../../../contracts/allowances';
import type { ApprovalStage } from '../../../domain/allowance-stages';
import { approvalRole, REVIEW_STAGES, REVIEW_STEP_RULES, type ReviewStage } from '../../../domain/allowances';

export type BulkSelection =
  | { kind: 'ids'; ids: ReadonlySet<string> }
  /** Every allowance the filter matches; `total` is how many the list said. */
  | { kind: 'matching'; total: number };

export const NO_SELECTION: BulkSelection = { kind: 'ids', ids: new Set() };

export function selectedCount(selection: BulkSelection): number {
  return selection.kind === 'matching' ? selection.total : selection.ids.size;
}

export function isSelected(selection: BulkSelection, id: string): boolean {
  return selection.kind === 'matching' || selection.ids.has(id);
}

/** How much of the page is ticked, for the header checkbox (checked, mixed or clear). */
export function pageState(selection: BulkSelection, pageIds: readonly string[]): 'all' | 'some' | 'none' {
  if (pageIds.length === 0) return 'none';
  const ticked = pageIds.filter((id) => isSelected(selection, id)).length;
  return ticked === pageIds.length ? 'all' : ticked > 0 ? 'some' : 'none';
}

/**
 * Ticks or unticks one allowance. Unticking one while everything matching is selected leaves the
 * rest of this page ticked: "all matching" cannot leave one out.
 */
export function toggleOne(selection: BulkSelection, id: string, pageIds: readonly string[]): BulkSelection {
  if (selection.kind === 'matching') return { kind: 'ids', ids: new Set(pageIds.filter((p) => p !== id)) };
  const ids = new Set(selection.ids);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { kind: 'ids', ids };
}

/** The header checkbox: ticks the whole page, or unticks it when it is all ticked. */
export function togglePage(selection: BulkSelection, pageIds: readonly string[]): BulkSelection {
  if (pageState(selection, pageIds) === 'all') {
    if (selection.kind === 'matching') return NO_SELECTION;
    const ids = new Set(selection.ids);
    for (const id of pageIds) ids.delete(id);
    return { kind: 'ids', ids };
  }
  const ids = new Set(selection.kind === 'ids' ? selection.ids : []);
  for (const id of pageIds) ids.add(id);
  return { kind: 'ids', ids };
}

/**
 * Whether to offer "Select all N matching": the page is all ticked, more match than are ticked,
 * and no more than one bulk decision may take.
 */
export function offersAllMatching(
  selection: BulkSelection,
  pageIds: readonly string[],
  total: number,
): boolean {
  return (
    selection.kind === 'ids' &&
    pageState(selection, pageIds) === 'all' &&
    total > selection.ids.size &&
    total <= BULK_DECISION_MAX
  );
}

/** What the request names: the ids ticked, or the list's filter. */
export function bulkTarget(
  selection: BulkSelection,
  filter: { q: string; stage: ApprovalStage | '' },
): Pick<BulkDecisionRequest, 'ids' | 'filter'> {
  if (selection.kind === 'matching') return { filter: { q: filter.q, stage: filter.stage } };
  return { ids: [...selection.ids] };
}

/** The review stages this user decides at (none for a role that decides nothing). */
export function decidingStages(role: string): ReviewStage[] {
  return REVIEW_STAGES.filter((stage) => REVIEW_STEP_RULES[stage].roles.includes(approvalRole(role)));
}

/**
 * The stage a bulk decision is offered at first: the list's stage filter when the user decides
 * it, else the one stage of the ticked allowances on the page when they share one the user
 * decides, else the user's first.
 */
export function suggestedStage(
  stages: readonly ReviewStage[],
  listStage: ApprovalStage | '',
  tickedStages: readonly ApprovalStage[],
): ReviewStage | undefined {
  const mine = (stage: ApprovalStage | '' | undefined): stage is ReviewStage =>
    stages.includes(stage as ReviewStage);
  if (mine(listStage)) return listStage;
  const distinct = [...new Set(tickedStages)];
  if (distinct.length === 1 && mine(distinct[0])) return distinct[0];
  return stages[0];
}
