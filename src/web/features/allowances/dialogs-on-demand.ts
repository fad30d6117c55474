import { dialogOnDemand, preloadOnIntent } from '../../lib/dialog-on-demand';

// The dialogs of /allowances (the forms, their schemas, the upload preview, the details with their
// history) load when the user first reaches for the screen, not with its first paint: together they
// are what took the screen past its budget (issue 47 item 7).

const dialogs = () => import('./dialogs');

export const AddAllowanceDialog = dialogOnDemand(
  dialogs,
  (m) => m.AddAllowanceDialog,
  ({ open }) => open,
);

export const BulkUploadDialog = dialogOnDemand(
  dialogs,
  (m) => m.BulkUploadDialog,
  ({ open }) => open,
);

export const AllowanceDetailsDialog = dialogOnDemand(
  dialogs,
  (m) => m.AllowanceDetailsDialog,
  ({ id }) => id !== null,
);

export const DecisionDialog = dialogOnDemand(
  dialogs,
  (m) => m.DecisionDialog,
  ({ request }) => request !== null,
);

export const PayDialog = dialogOnDemand(
  dialogs,
  (m) => m.PayDialog,
  ({ allowance }) => allowance !== null,
);

export const BulkDecisionDialog = dialogOnDemand(
  dialogs,
  (m) => m.BulkDecisionDialog,
  ({ request }) => request !== null,
);

/** For the screen's root: the dialogs' code starts loading when the user first points or tabs. */
export const PRELOAD_DIALOGS = preloadOnIntent(
  AddAllowanceDialog,
  BulkUploadDialog,
  AllowanceDetailsDialog,
  DecisionDialog,
  PayDialog,
  BulkDecisionDialog,
);
