/** Task Management (/tasks), the Issue Tracker (/issues), and a student's open case work for their profile. */
export { IssuesPage } from './issues-page';
export { StudentCaseWork } from './student-case-work';
export { TasksPage } from './tasks-page';
