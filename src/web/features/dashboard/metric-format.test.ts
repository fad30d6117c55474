import { describe, expect, it } from 'vitest';
import {
  areaListUrl,
  countedText,
  formatRate,
  metricTrend,
  monthOf,
  periodLabel,
  previousLabel,
  ratePercent,
  recordUrl,
} from './metric-format';

const f = (counted: number, met: number) => ({ counted, met });

describe('a metric’s rate', () => {
  it('is a whole percentage of the records counted', () => {
    expect(formatRate(f(3, 2))).toBe('67%');
    expect(formatRate(f(8, 1))).toBe('13%');
    expect(formatRate(f(4, 4))).toBe('100%');
    expect(formatRate(f(5, 0))).toBe('0%');
  });

  it('is a dash with "No data yet" when nothing was counted, never 0% or NaN', () => {
    expect(ratePercent(f(0, 0))).toBeNull();
    expect(formatRate(f(0, 0))).toBe('—');
    expect(countedText('issue_resolution', f(0, 0))).toBe('No data yet');
  });

  it('says what it counted', () => {
    expect(countedText('student_retention', f(3, 2))).toBe('2 of 3 students');
    expect(countedText('allowance_on_time', f(1, 1))).toBe('1 of 1 allowance');
    expect(countedText('form_completion', f(2, 0))).toBe('0 of 2 forms');
  });
});

describe('a metric’s trend', () => {
  it('compares the exact rates in rounded percentage points', () => {
    // 2/3 = 66.7% against 3/5 = 60%: up 6.7, shown as 7.
    expect(metricTrend(f(3, 2), f(5, 3), '2025')).toEqual({
      direction: 'up',
      points: 7,
      text: 'Up 7 points on 2025',
    });
    expect(metricTrend(f(4, 2), f(2, 2), 'January 2026')).toEqual({
      direction: 'down',
      points: 50,
      text: 'Down 50 points on January 2026',
    });
    expect(metricTrend(f(100, 51), f(100, 50), 'x').text).toBe('Up 1 point on x');
  });

  it('says when it is the same or cannot be compared', () => {
    expect(metricTrend(f(2, 1), f(4, 2), '2025')).toMatchObject({ direction: 'same', text: 'Same as 2025' });
    expect(metricTrend(f(2, 1), f(0, 0), '2025')).toMatchObject({
      direction: 'none',
      text: 'No data for 2025 to compare',
    });
    expect(metricTrend(f(0, 0), f(3, 1), '2025').direction).toBe('none');
  });
});

describe('a metric’s period and links', () => {
  const iso = (day: string) => day;
  it('names each period', () => {
    expect(periodLabel('student_retention', 'current', { from: '2026-01-01', to: '2026-03-15' }, iso)).toBe(
      '2026 so far',
    );
    expect(periodLabel('student_retention', 'previous', { from: '2025-01-01', to: '2025-12-31' }, iso)).toBe(
      '2025',
    );
    expect(periodLabel('allowance_on_time', 'current', { from: '2026-02-01', to: '2026-02-28' }, iso)).toBe(
      'February 2026',
    );
    expect(periodLabel('issue_resolution', 'current', { from: '2025-12-16', to: '2026-03-15' }, iso)).toBe(
      '2025-12-16 to 2026-03-15',
    );
    expect(previousLabel('form_completion', { from: '2025-09-17', to: '2025-12-15' })).toBe(
      'the 90 days before',
    );
    expect(monthOf('2025-12-01')).toBe('December 2025');
  });

  it('opens the area list with the filters it understands, and each record by id', () => {
    expect(areaListUrl('allowance_on_time', { from: '2026-02-01' })).toBe('/allowances?q=February');
    expect(areaListUrl('student_retention', { from: '2026-01-01' })).toBe('/students?status=discharged');
    expect(areaListUrl('issue_resolution', { from: '2026-01-01' })).toBe('/issues');
    expect(recordUrl('form_completion', 'abc')).toBe('/forms?open=abc');
  });
});
