/** How the allowance screens name and arrange things: labels, periods, the list's state and filters. */
import type { z } from 'zod';
import {
  ALLOWANCE_PROGRAM_LEVELS,
  type AllowanceProgramLevel,
  APPROVAL_STAGE_LABELS,
  APPROVAL_STAGES,
} from '../../../domain/allowance-stages';
import { filterParam, listStateSchema } from '../../lib/list-state';
import { ALLOWANCE_UI } from './messages';

export const ALLOWANCE_PAGE_SIZE = 25;

/** What the allowance list shows, as kept in the address bar (?q=&stage=&page=). */
export const AllowanceListParamsSchema = listStateSchema({ stage: filterParam(APPROVAL_STAGES) });

export type AllowanceListParams = z.output<typeof AllowanceListParamsSchema>;

/** An allowance's programme level (its own list: 'college', not the student's 'diploma') -> text. */
export const ALLOWANCE_PROGRAM_LEVEL_LABELS: Record<AllowanceProgramLevel, string> = {
  launch_year: 'Launch Year',
  university: 'University',
  college: 'College',
};

export const PROGRAM_LEVEL_OPTIONS = ALLOWANCE_PROGRAM_LEVELS.map((level) => ({
  value: level,
  label: ALLOWANCE_PROGRAM_LEVEL_LABELS[level],
}));

/** 'All Stages' (value '') and the six stages with their labels. */
export const STAGE_FILTER_OPTIONS = [
  { value: '', label: ALLOWANCE_UI.allStages },
  ...APPROVAL_STAGES.map((stage) => ({ value: stage, label: APPROVAL_STAGE_LABELS[stage] })),
];

/** 'March 2026'. */
export function periodLabel(allowance: { month: string; year: number }): string {
  return `${allowance.month} ${allowance.year}`;
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
