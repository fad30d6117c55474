/** Search feature: the top bar's search over every area the user may read. */
export { GlobalSearch } from './global-search';
