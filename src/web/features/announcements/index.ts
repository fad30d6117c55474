/** Announcements (/announcements): every signed-in user reads them; program officers and above write them. */
export { AnnouncementsPage } from './announcements-page';
