import { describe, expect, it } from 'vitest';
import { EVENT_STATUSES, EVENT_TYPES } from '../../../domain/events';
import { DEMO_SEEDED_AT, fileDemoDatabase } from '../../testing/demo-database';
import { eventRegistrations, events } from '../schema';

const database = fileDemoDatabase();

describe('demo events', () => {
  it('are ten of every type and status, one full, one closed early; the counts match the registrations', async () => {
    const rows = await database.db.select().from(events);
    const registrations = await database.db.select().from(eventRegistrations);
    expect(rows).toHaveLength(10);
    expect(new Set(rows.map((r) => r.type))).toEqual(new Set(EVENT_TYPES));
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(EVENT_STATUSES));
    expect(rows.some((r) => r.maxAttendees !== null && r.currentAttendees >= r.maxAttendees)).toBe(true);
    expect(rows.some((r) => r.status === 'upcoming' && r.registrationDeadline < DEMO_SEEDED_AT)).toBe(true);
    for (const row of rows) {
      expect(registrations.filter((r) => r.eventId === row.id)).toHaveLength(row.currentAttendees);
      expect(row.registrationDeadline.getTime()).toBeLessThanOrEqual(row.startsAt.getTime());
    }
  });
});
