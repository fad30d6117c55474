// The dialogs of /allowances, loaded together on demand (dialogs-on-demand.ts): one file rather
// than one per dialog, so that they count as one more place the shared code is used from, not six
// (scripts/vite-chunk-groups.mjs moves what many places use into every screen's shared chunk).
export { AddAllowanceDialog } from './add-allowance-dialog';
export { AllowanceDetailsDialog } from './allowance-details-dialog';
export { BulkDecisionDialog } from './bulk-decision-dialog';
export { BulkUploadDialog } from './bulk-upload-dialog';
export { DecisionDialog, PayDialog } from './decision-dialogs';
