import type { User } from '../../contracts/auth';
import { PROGRAMME_TIME_ZONE } from '../../domain/dates';
import { isStaffRole } from '../../domain/roles';
import { askEarly } from '../lib/api';
import { firstListRequest } from './first-pages';
import { startLoadingCodeFor } from './page-code';

// main.tsx imports this file first, so that it runs before React is set up and renders: what the
// first screen needs (who is signed in, its code, the settings) starts downloading then, side by
// side, instead of one request after another as each screen renders and asks. On a phone (slow
// network, slow processor) that is most of the wait for the first screen (issue 22; `npm run
// page-weight` measures it). Asked in the order the first screen needs them: a phone's browser
// opens only a few connections at a time.
const path = window.location.pathname;
askEarly<{ user: User | null }>('/api/session').then(
  ({ user }) => {
    if (!user) return;
    // Past the sign-in gates (the server refuses the rest before), the first page of this address's
    // list (first-pages.ts): asked once the session says who may see it, so that a signed-out
    // visit or a role the screen refuses asks for nothing, beside the screen's code still arriving.
    const gated = user.must_change_password || user.must_set_up_two_factor;
    const list = gated ? null : firstListRequest(path, window.location.search, user.role);
    if (list) askEarly(list, { dropFailure: true });
    warmUpDateFormatting();
    // The user's own theme, which every signed-in screen reads.
    askEarly('/api/me/preferences');
    // Past the sign-in gates (the server refuses the rest before): the top bar's bell, and on the
    // dashboard, where everyone lands, its figures.
    if (gated) return;
    askEarly('/api/notifications');
    if (path === '/dashboard') askEarly(isStaffRole(user.role) ? '/api/dashboard' : '/api/dashboard/mine');
  },
  () => {},
);
startLoadingCodeFor(path);
askEarly('/api/settings/public');
// The sign-in page's options, and on a signed-in screen the top bar's 'Demo data' badge.
askEarly('/api/auth/config');

/**
 * The first Intl formatter a page makes loads the browser's locale and time-zone data: 15 to 25 ms
 * on a desktop, four times that on a phone, paid by whichever render first shows a date (every
 * signed-in screen does, the dashboard in its banner). Paid here instead, as the session arrives
 * and before React renders the screen, so that it does not lengthen that render into one long
 * blocking task (issue 22: Lighthouse's Total Blocking Time). Later formatters, of any zone or
 * format, then take a fraction of a millisecond.
 */
function warmUpDateFormatting() {
  new Intl.DateTimeFormat('en-GB', { timeZone: PROGRAMME_TIME_ZONE }).format(0);
}
