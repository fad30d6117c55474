import { describe, expect, it } from 'vitest';
import { categorySlices, monthlyRows, progressRows, statusesPresent } from './chart-data';

describe('dashboard chart data', () => {
  it('drops empty categories', () => {
    const slices = categorySlices([
      { category: 'university', label: 'University', count: 3 },
      { category: 'diploma', label: 'College/Diploma', count: 0 },
    ]);
    expect(slices.map((s) => s.name)).toEqual(['University']);
  });
  it('flattens progress counts and lists present statuses', () => {
    const data = [
      { year: 2024, counts: { enrolled: 2, graduated: 1, discharged: 0, suspended: 0, transferred: 0 } },
      { year: 2025, counts: { enrolled: 4, graduated: 0, discharged: 0, suspended: 1, transferred: 0 } },
    ];
    expect(progressRows(data)[0]).toMatchObject({ year: '2024', enrolled: 2, graduated: 1 });
    expect(statusesPresent(data)).toEqual(['enrolled', 'graduated', 'suspended']);
  });
  it('reads money strings as numbers for plotting', () => {
    expect(
      monthlyRows([
        { month: '2026-03', label: 'Mar 2026', submitted: '1200.50', approved: '0.00', paid: '800.00' },
      ]),
    ).toEqual([{ label: 'Mar 2026', submitted: 1200.5, approved: 0, paid: 800 }]);
  });
});
