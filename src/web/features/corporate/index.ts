/** Corporate Collaborations: the page mounted at /corporate, and its records as choices for a student's profile. */
export { usePartnerOptions } from './corporate.queries';
export { CorporatePage } from './corporate-page';
