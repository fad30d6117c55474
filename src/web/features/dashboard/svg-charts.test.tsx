import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MonthlyAllowancesChart, StudentProgressChart, StudentsByCategoryChart } from './dashboard-charts';

afterEach(cleanup);

/** The tooltips (SVG <title>s) on a chart's slices, bars or points, in drawing order. */
const titlesOf = (chart: HTMLElement) => [...chart.querySelectorAll('svg title')].map((t) => t.textContent);

const texts = (chart: HTMLElement) => [...chart.querySelectorAll('svg text')].map((t) => t.textContent);

describe('the dashboard charts', () => {
  it('draw one donut slice per category with students, the total in the middle', () => {
    render(
      <StudentsByCategoryChart
        data={[
          { category: 'university', label: 'University', count: 1200 },
          { category: 'diploma', label: 'College/Diploma', count: 0 },
          { category: 'launch_year', label: 'Launch Year', count: 400 },
        ]}
      />,
    );
    const chart = screen.getByRole('img', {
      name: 'Students by category: University 1,200, Launch Year 400',
    });
    expect(chart.querySelectorAll('svg path')).toHaveLength(2);
    expect(titlesOf(chart)).toEqual(['University: 1,200 (75%)', 'Launch Year: 400 (25%)']);
    expect(texts(chart).join(' ')).toContain('1,600students');
    expect(screen.getByText('University').closest('li')?.textContent).toBe('University1,200');
  });

  it('draws one whole ring for a single category', () => {
    render(<StudentsByCategoryChart data={[{ category: 'diploma', label: 'College/Diploma', count: 5 }]} />);
    const chart = screen.getByRole('img', { name: 'Students by category: College/Diploma 5' });
    expect(titlesOf(chart)).toEqual(['College/Diploma: 5 (100%)']);
  });

  it('stack a bar segment per year and status present, each bar totalled', () => {
    render(
      <StudentProgressChart
        data={[
          { year: 2024, counts: { enrolled: 2, graduated: 1, discharged: 0, suspended: 0, transferred: 0 } },
          {
            year: 2025,
            counts: { enrolled: 1500, graduated: 0, discharged: 0, suspended: 1, transferred: 0 },
          },
        ]}
      />,
    );
    const chart = screen.getByRole('img', {
      name: 'Student progress by year. 2024: Enrolled 2, Graduated 1, Suspended 0; 2025: Enrolled 1,500, Graduated 0, Suspended 1',
    });
    // Zero-height segments are not drawn.
    expect(titlesOf(chart)).toEqual([
      '2024, Enrolled: 2',
      '2024, Graduated: 1',
      '2025, Enrolled: 1,500',
      '2025, Suspended: 1',
    ]);
    expect(texts(chart)).toEqual(expect.arrayContaining(['2024', '2025', '3', '1,501', '0', '2,000']));
    const legend = [...chart.querySelectorAll('li')].map((li) => li.textContent);
    expect(legend).toEqual(['Enrolled', 'Graduated', 'Suspended']);
  });

  it('draw a line and a point per month for each total, written as exact money', () => {
    const months = Array.from({ length: 12 }, (_, i) => ({
      month: `2026-${String(i + 1).padStart(2, '0')}`,
      label: `M${i + 1}`,
      submitted: i === 11 ? '1234.56' : '0.00',
      approved: '0.00',
      paid: i === 10 ? '98000.10' : '0.00',
    }));
    render(<MonthlyAllowancesChart data={months} />);
    const chart = screen.getByRole('img', {
      name: 'Monthly allowances over 12 months. M12: submitted ZMW 1,234.56, approved ZMW 0.00, paid ZMW 0.00',
    });
    expect(chart.querySelectorAll('svg polyline')).toHaveLength(3);
    const points = titlesOf(chart);
    expect(points).toHaveLength(36);
    expect(chart.querySelectorAll('svg circle')).toHaveLength(72);
    expect(points).toContain('M12, Submitted: ZMW 1,234.56');
    expect(points).toContain('M11, Paid: ZMW 98,000.10');
    expect(texts(chart)).toEqual(expect.arrayContaining(['K0', 'K100k', 'M12']));
    expect([...chart.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Submitted',
      'Approved',
      'Paid',
    ]);
  });

  it('say so instead of drawing nothing', () => {
    render(<StudentProgressChart data={[]} />);
    render(
      <MonthlyAllowancesChart
        data={[{ month: '2026-01', label: 'Jan 2026', submitted: '0.00', approved: '0.00', paid: '0.00' }]}
      />,
    );
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('No students yet')).toBeTruthy();
    expect(screen.getByText('No allowances in the last 12 months')).toBeTruthy();
  });
});
