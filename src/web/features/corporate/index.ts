/** Corporate Collaborations: the page mounted at /corporate. */
export { CorporatePage } from './corporate-page';
