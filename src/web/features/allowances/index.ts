/** Allowances feature: the page mounted at /allowances. (The top bar's bell uses ./use-awaiting-me.) */
export { AllowancesPage } from './allowances-page';
