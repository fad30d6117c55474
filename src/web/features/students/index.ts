/** Student Management (/students) and the pieces Student Profiles shares with it. */

export { DeleteStudentDialog } from './delete-student-dialog';
export { STUDENT_UI_MESSAGES } from './messages';
export { DetailList } from './student-details-dialog';
export { applyServerErrors } from './student-form-dialog';
export {
  emptyProfileValues,
  laptopFieldsShown,
  PROFILE_FIELDS,
  type ProfileField,
  profilePayload,
  profileValuesFrom,
  StudentProfileFormSchema,
  type StudentProfileFormValues,
} from './student-form-values';
export { DEFAULT_LIST_PARAMS, type StudentListParams } from './student-list-params';
export { type StudentOption, StudentPicker } from './student-picker';
export { StatusBadge, StudentAvatar, StudentRecordPending } from './student-ui';
export {
  failureReason,
  useCreateStudent,
  useOfficers,
  useStudent,
  useStudentList,
  useUpdateStudent,
} from './students.queries';
export { StudentsPage } from './students-page';
