export { FormDialog, type FormDialogProps } from './form-dialog';
export { schemaResolver } from './schema-resolver';
export { showServerFieldErrors } from './server-errors';
