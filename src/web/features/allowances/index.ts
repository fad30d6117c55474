/** Allowances feature: the page mounted at /allowances. (The top bar's bell uses ./allowances.queries.) */
export { AllowancesPage } from './allowances-page';
