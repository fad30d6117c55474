/** How the allowance screens name and arrange things: labels, periods, paging text, filters. */
import {
  ALLOWANCE_PROGRAM_LEVELS,
  type AllowanceProgramLevel,
  APPROVAL_STAGE_LABELS,
  APPROVAL_STAGES,
  type ApprovalStage,
} from '../../../domain/allowance-stages';
import { ALLOWANCE_UI } from './messages';

export const ALLOWANCE_PAGE_SIZE = 25;

export const PROGRAM_LEVEL_LABELS: Record<AllowanceProgramLevel, string> = {
  launch_year: 'Launch Year',
  university: 'University',
  college: 'College',
};

export const PROGRAM_LEVEL_OPTIONS = ALLOWANCE_PROGRAM_LEVELS.map((level) => ({
  value: level,
  label: PROGRAM_LEVEL_LABELS[level],
}));

/** 'All Stages' (value '') and the six stages with their labels. */
export const STAGE_FILTER_OPTIONS = [
  { value: '', label: ALLOWANCE_UI.allStages },
  ...APPROVAL_STAGES.map((stage) => ({ value: stage, label: APPROVAL_STAGE_LABELS[stage] })),
];

export function isApprovalStage(value: string): value is ApprovalStage {
  return (APPROVAL_STAGES as readonly string[]).includes(value);
}

/** 'March 2026'. */
export function periodLabel(allowance: { month: string; year: number }): string {
  return `${allowance.month} ${allowance.year}`;
}

/** 'Showing 26–50 of 140' for page 2 of 25; null when there is nothing to show. */
export function showingRange(page: number, pageSize: number, total: number): string | null {
  if (total <= 0) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  if (first > total) return null;
  return `Showing ${first}–${last} of ${total}`;
}

export function pageCount(pageSize: number, total: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The query string of the list and the CSV export for a search and stage (blank ones left out). */
export function allowanceQueryString(params: {
  q?: string;
  stage?: string;
  page?: number;
  pageSize?: number;
}): string {
  const search = new URLSearchParams();
  const q = params.q?.trim();
  if (q) search.set('q', q);
  if (params.stage) search.set('stage', params.stage);
  if (params.page) search.set('page', String(params.page));
  if (params.pageSize) search.set('pageSize', String(params.pageSize));
  const text = search.toString();
  return text ? `?${text}` : '';
}
