/** Allowances feature: the page mounted at /allowances. */

export { AllowancesPage } from './allowances-page';
