/** Dashboard feature: the page mounted at / and /dashboard. */
export { DashboardPage } from './dashboard-page';
