/** Graduation Yearbook (/yearbook) and Yearbook Management (/yearbook-admin). */
export { YearbookAdminPage } from './yearbook-admin-page';
export { YearbookPage } from './yearbook-page';
