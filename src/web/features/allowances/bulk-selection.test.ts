import { describe, expect, it } from 'vitest';
import { BULK_DECISION_MAX } from '../../../contracts/allowances';
import {
  type BulkSelection,
  bulkTarget,
  decidingStages,
  isSelected,
  NO_SELECTION,
  offersAllMatching,
  pageState,
  selectedCount,
  suggestedStage,
  toggleOne,
  togglePage,
} from './bulk-selection';

const page1 = ['a', 'b', 'c'];
const page2 = ['d', 'e'];
const ids = (s: BulkSelection) => (s.kind === 'ids' ? [...s.ids].sort() : s.kind);

describe('ticking allowances', () => {
  it('ticks and unticks one, across pages', () => {
    let s = toggleOne(NO_SELECTION, 'a', page1);
    s = toggleOne(s, 'd', page2);
    expect(ids(s)).toEqual(['a', 'd']);
    expect(selectedCount(s)).toBe(2);
    expect(pageState(s, page1)).toBe('some');
    s = toggleOne(s, 'a', page1);
    expect(ids(s)).toEqual(['d']);
    expect(pageState(s, page1)).toBe('none');
    expect(NO_SELECTION.kind === 'ids' && NO_SELECTION.ids.size).toBe(0);
  });

  it('the header ticks the whole page, keeping other pages, and unticks it when all are ticked', () => {
    let s = toggleOne(NO_SELECTION, 'd', page2);
    s = togglePage(s, page1);
    expect(ids(s)).toEqual(['a', 'b', 'c', 'd']);
    expect(pageState(s, page1)).toBe('all');
    s = togglePage(s, page1);
    expect(ids(s)).toEqual(['d']);
    // Part of the page ticked: the header ticks the rest.
    s = togglePage(toggleOne(NO_SELECTION, 'b', page1), page1);
    expect(pageState(s, page1)).toBe('all');
  });

  it('an empty page is never all ticked', () => {
    expect(pageState(NO_SELECTION, [])).toBe('none');
    expect(offersAllMatching(NO_SELECTION, [], 10)).toBe(false);
  });
});

describe('everything matching the filter', () => {
  it('is offered once the page is all ticked and more match, up to the limit', () => {
    const all = togglePage(NO_SELECTION, page1);
    expect(offersAllMatching(all, page1, 40)).toBe(true);
    expect(offersAllMatching(all, page1, 3)).toBe(false);
    expect(offersAllMatching(toggleOne(NO_SELECTION, 'a', page1), page1, 40)).toBe(false);
    expect(offersAllMatching(all, page1, BULK_DECISION_MAX)).toBe(true);
    expect(offersAllMatching(all, page1, BULK_DECISION_MAX + 1)).toBe(false);
    expect(offersAllMatching({ kind: 'matching', total: 40 }, page1, 40)).toBe(false);
  });

  it('counts what the list said, ticks every row, and is sent as the filter', () => {
    const s: BulkSelection = { kind: 'matching', total: 134 };
    expect(selectedCount(s)).toBe(134);
    expect(isSelected(s, 'zzz')).toBe(true);
    expect(pageState(s, page2)).toBe('all');
    expect(bulkTarget(s, { q: 'March', stage: '' })).toEqual({ filter: { q: 'March', stage: '' } });
    expect(bulkTarget(togglePage(NO_SELECTION, page1), { q: 'March', stage: '' })).toEqual({
      ids: ['a', 'b', 'c'],
    });
  });

  it('unticking one row leaves the rest of the page ticked; the header clears it all', () => {
    const s: BulkSelection = { kind: 'matching', total: 134 };
    expect(ids(toggleOne(s, 'b', page1))).toEqual(['a', 'c']);
    expect(togglePage(s, page1)).toEqual(NO_SELECTION);
  });
});

describe('the step a bulk decision is taken at', () => {
  it('is the deputy manager review for a deputy manager; FLMI and PM for admins and officers; none for others', () => {
    expect(decidingStages('deputy_manager')).toEqual(['pending_dpm']);
    expect(decidingStages('admin')).toEqual(['pending_flmi', 'pending_pm']);
    expect(decidingStages('program_officer')).toEqual(['pending_flmi', 'pending_pm']);
    expect(decidingStages('user')).toEqual([]);
    expect(decidingStages('student')).toEqual([]);
  });

  it("is the list's stage filter when the user decides it, else the ticked rows' one stage, else the first", () => {
    const mine = decidingStages('admin');
    expect(suggestedStage(mine, 'pending_pm', ['pending_flmi'])).toBe('pending_pm');
    expect(suggestedStage(mine, '', ['pending_pm', 'pending_pm'])).toBe('pending_pm');
    expect(suggestedStage(mine, '', ['pending_pm', 'pending_flmi'])).toBe('pending_flmi');
    expect(suggestedStage(mine, 'pending_dpm', ['pending_dpm'])).toBe('pending_flmi');
    expect(suggestedStage(decidingStages('deputy_manager'), '', ['pending_flmi'])).toBe('pending_dpm');
    expect(suggestedStage([], '', [])).toBeUndefined();
  });
});
