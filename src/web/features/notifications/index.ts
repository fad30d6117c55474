/** Notifications feature: the top bar's bell (docs/product.md D16). */
export { NotificationBell } from './notification-bell';
