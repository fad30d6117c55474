/** Allowances feature: the page mounted at /allowances, and what waits for the user (the top bar's bell). */
export { AllowancesPage } from './allowances-page';
export { useAwaitingMe } from './allowances.queries';
