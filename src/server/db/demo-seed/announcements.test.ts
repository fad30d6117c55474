import { describe, expect, it } from 'vitest';
import { ANNOUNCEMENT_TYPES, isExpiringSoon } from '../../../domain/announcements';
import { fileDemoDatabase } from '../../testing/demo-database';
import { announcementReads, announcements } from '../schema';

const database = fileDemoDatabase();

describe('demo announcements', () => {
  it('are ten of every type, one expiring soon, one expired, one inactive, one for officers only', async () => {
    const rows = await database.db.select().from(announcements);
    expect(rows).toHaveLength(10);
    expect(new Set(rows.map((r) => r.type))).toEqual(new Set(ANNOUNCEMENT_TYPES));
    expect(rows.some((r) => isExpiringSoon(r.expiryDate, '2026-03-02'))).toBe(true);
    expect(rows.some((r) => r.expiryDate !== null && r.expiryDate < '2026-03-02')).toBe(true);
    expect(rows.some((r) => !r.isActive)).toBe(true);
    expect(rows.some((r) => r.targetAudience === 'officers' && r.isActive)).toBe(true);
    for (const row of rows) expect(row.createdDate <= '2026-03-02').toBe(true);
    expect((await database.db.select().from(announcementReads)).length).toBeGreaterThan(0);
  });
});
