/** The Students Library (/library): every signed-in user reads, plays and rates; staff manage the resources. */
export { LibraryPage } from './library-page';
