/** The top bar's two menus, loaded once the page has painted (top-bar.tsx says why). */
export { NotificationBell } from '../../features/notifications';
export { ThemeMenu } from './theme-menu';
