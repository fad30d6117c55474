/**
 * The /login page by itself (docs/product.md §2): the router loads it without the other signed-out
 * pages, whose forms need the form and validation libraries this page does without.
 */
export { LoginPage } from '../login-page';
