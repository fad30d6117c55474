import { eq } from 'drizzle-orm';
import type { NotificationSource } from '../../area-sources';
import { smsBudgetStops } from '../../db/schema';
import { programmeDate, programmeDay } from '../../programme-time';

export const SMS_BUDGET_REACHED = 'Daily SMS budget reached';

/**
 * The admins' bell says once, for the day, that SMS_DAILY_BUDGET stopped the sending: the rest wait
 * for tomorrow (features/sms/sms-sender.ts writes the day's row the first time it stops).
 */
export const smsNotifications: NotificationSource = {
  // The bell's 'View all' opens /{area}: the budget is read about in Settings.
  area: 'settings',
  label: 'Text messages',
  async waitingFor(deps, user) {
    if (user.role !== 'admin' || !deps.config.sms) return { count: 0, items: [] };
    const today = programmeDate(deps.clock.now());
    const [stop] = await deps.db.select().from(smsBudgetStops).where(eq(smsBudgetStops.day, today));
    if (!stop) return { count: 0, items: [] };
    return {
      count: 1,
      items: [
        {
          id: `sms-budget-${today}`,
          title: SMS_BUDGET_REACHED,
          detail: `${deps.config.sms.dailyBudget} messages sent on ${programmeDay(today)}; the rest go tomorrow`,
          href: '/settings?tab=notifications',
        },
      ],
    };
  },
};
