export { choiceFields } from './choice-field';
export { choiceOptions } from './choice-options';
export { CSV_MAX_BYTES, type CsvFileMessages, csvFileProblem } from './csv-file';
export { CsvUploadDialog, type CsvUploadDialogProps, RowErrorList } from './csv-upload-dialog';
export { focusFirstField, useDiscardGuard } from './discard-guard';
export { downloadTextFile } from './download-text-file';
export { FormDialog, type FormDialogProps } from './form-dialog';
export { firstMessageByField, formProblems, schemaResolver, useSchemaForm } from './schema-resolver';
export { showServerFieldErrors } from './server-errors';
