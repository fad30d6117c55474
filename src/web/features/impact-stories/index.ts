/** Impact Stories (/impact-stories) and their management (/impact-stories-admin). */
export { StoriesAdminPage } from './stories-admin-page';
export { StoriesPage } from './stories-page';
