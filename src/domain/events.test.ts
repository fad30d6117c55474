import { describe, expect, it } from 'vitest';
import {
  canManageEvent,
  canOrganiseEvents,
  eventStartsAt,
  isFull,
  isRegistrationOpen,
  registerButtonLabel,
} from './events';

const NOW = new Date('2026-03-16T08:00:00Z');
const upcoming = { status: 'upcoming', registration_deadline: '2026-03-17T08:00:00Z' };

describe('events: registration and its button', () => {
  it("reads 'Register' while upcoming and before the deadline, else 'Completed' or 'Registration Closed'", () => {
    expect(isRegistrationOpen(upcoming, NOW)).toBe(true);
    expect(registerButtonLabel(upcoming, NOW)).toBe('Register');
    expect(registerButtonLabel({ ...upcoming, registration_deadline: '2026-03-16T08:00:00Z' }, NOW)).toBe(
      'Registration Closed',
    );
    expect(registerButtonLabel({ ...upcoming, status: 'ongoing' }, NOW)).toBe('Registration Closed');
    expect(registerButtonLabel({ ...upcoming, status: 'completed' }, NOW)).toBe('Completed');
    expect(isFull({ max_attendees: 3, current_attendees: 3 })).toBe(true);
    expect(isFull({ max_attendees: null, current_attendees: 300 })).toBe(false);
  });

  it('program officers and above organise; the organizer by account or an admin manages', () => {
    expect(canOrganiseEvents('program_officer')).toBe(true);
    expect(canOrganiseEvents('student')).toBe(false);
    expect(canManageEvent({ id: 'a', role: 'program_officer' }, { organizer_id: 'a' })).toBe(true);
    expect(canManageEvent({ id: 'b', role: 'deputy_manager' }, { organizer_id: 'a' })).toBe(false);
    expect(canManageEvent({ id: 'c', role: 'admin' }, { organizer_id: null })).toBe(true);
  });

  it('starts at its Lusaka day and time', () => {
    const dayStart = (day: string) => new Date(`${day}T00:00:00+02:00`);
    expect(eventStartsAt('2026-03-20', '14:30', dayStart).toISOString()).toBe('2026-03-20T12:30:00.000Z');
  });
});
