import { eq } from 'drizzle-orm';
import type { MyPreferences } from '../../../contracts/users';
import type { AppDeps, SessionUser } from '../../app-env';
import { users } from '../../db/schema';

/*
 * The user's own theme over the system's (docs/product.md D13). Kept on the account, not in the
 * browser, so it follows the user to every device. A display choice, so not in the audit trail.
 */

export async function getMyPreferences(deps: AppDeps, user: SessionUser): Promise<MyPreferences> {
  const [row] = await deps.db
    .select({ theme_preference: users.themePreference })
    .from(users)
    .where(eq(users.id, user.id));
  return { theme_preference: row?.theme_preference ?? null };
}

export async function saveMyPreferences(
  deps: AppDeps,
  user: SessionUser,
  preferences: MyPreferences,
): Promise<MyPreferences> {
  await deps.db
    .update(users)
    .set({ themePreference: preferences.theme_preference })
    .where(eq(users.id, user.id));
  return getMyPreferences(deps, user);
}
