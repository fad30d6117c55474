/** Allowances feature: the page mounted at /allowances, and what waits for the user (the top bar's bell). */

export { useAwaitingMe } from './allowances.queries';
export { AllowancesPage } from './allowances-page';
