import { describe, expect, it } from 'vitest';
import {
  announcementPreview,
  audiencesOf,
  canChangeAnnouncement,
  canPostAnnouncements,
  isExpiringSoon,
  isShown,
  isUrgent,
} from './announcements';

describe('announcements: who sees, who writes', () => {
  it('staff belong to every audience, students to theirs and everyone, other accounts to everyone only', () => {
    expect(audiencesOf('program_officer')).toEqual(['students', 'all', 'officers']);
    expect(audiencesOf('admin')).toEqual(['students', 'all', 'officers']);
    expect(audiencesOf('student')).toEqual(['students', 'all']);
    expect(audiencesOf('user')).toEqual(['all']);
  });

  it('program officers and above publish; the author by account or an admin changes', () => {
    expect(canPostAnnouncements('program_officer')).toBe(true);
    expect(canPostAnnouncements('student')).toBe(false);
    expect(canChangeAnnouncement({ id: 'a', role: 'program_officer' }, { author_id: 'a' })).toBe(true);
    expect(canChangeAnnouncement({ id: 'b', role: 'deputy_manager' }, { author_id: 'a' })).toBe(false);
    expect(canChangeAnnouncement({ id: 'c', role: 'admin' }, { author_id: 'a' })).toBe(true);
    expect(canChangeAnnouncement({ id: 'a', role: 'program_officer' }, { author_id: null })).toBe(false);
  });
});

describe('announcements: what a card shows', () => {
  it("'Expiring Soon' from 1 to 3 days before the expiry, not on the day nor after", () => {
    expect(isExpiringSoon('2026-03-03', '2026-03-02')).toBe(true);
    expect(isExpiringSoon('2026-03-05', '2026-03-02')).toBe(true);
    expect(isExpiringSoon('2026-03-06', '2026-03-02')).toBe(false);
    expect(isExpiringSoon('2026-03-02', '2026-03-02')).toBe(false);
    expect(isExpiringSoon(null, '2026-03-02')).toBe(false);
  });

  it('shown while active and until its expiry day; urgent by type or priority; a 200-character preview', () => {
    expect(isShown({ is_active: true, expiry_date: '2026-03-02' }, '2026-03-02')).toBe(true);
    expect(isShown({ is_active: true, expiry_date: '2026-03-01' }, '2026-03-02')).toBe(false);
    expect(isShown({ is_active: false, expiry_date: null }, '2026-03-02')).toBe(false);
    expect(isUrgent({ type: 'general', priority: 'urgent' })).toBe(true);
    expect(isUrgent({ type: 'urgent', priority: 'low' })).toBe(true);
    expect(isUrgent({ type: 'event', priority: 'high' })).toBe(false);
    expect(announcementPreview('a'.repeat(200))).toBe('a'.repeat(200));
    expect(announcementPreview('a'.repeat(201))).toBe(`${'a'.repeat(200)}...`);
  });
});
