/** Forms Management (/forms), Student Files (/files), and a student's forms and files for their profile. */
export { FilesPage } from './files-page';
export { FormsPage } from './forms-page';
export { StudentFormsAndFiles } from './student-forms-and-files';
