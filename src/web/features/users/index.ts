/** User Management (/users): deputy managers and admins read the accounts; admins change them. */
export { UsersPage } from './users-page';
