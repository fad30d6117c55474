import { describe, expect, it } from 'vitest';
import { inProgrammeZone, programmeDate, programmeDayBounds, programmeZone } from './programme-time';

describe('today in the programme time zone', () => {
  const lateEvening = new Date('2026-03-18T23:30:00Z');

  it('is Lusaka outside any request', () => {
    expect(programmeZone()).toBe('Africa/Lusaka');
    expect(programmeDate(lateEvening)).toBe('2026-03-19');
  });

  it('follows the zone the work runs in, through awaits, and only there', async () => {
    const seen = await inProgrammeZone('UTC', async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return { day: programmeDate(lateEvening), bounds: programmeDayBounds('2026-03-18') };
    });
    expect(seen.day).toBe('2026-03-18');
    expect(seen.bounds.start.toISOString()).toBe('2026-03-18T00:00:00.000Z');
    expect(programmeDate(lateEvening)).toBe('2026-03-19');
    expect(inProgrammeZone('Africa/Harare', () => programmeDate(lateEvening))).toBe('2026-03-19');
  });
});
