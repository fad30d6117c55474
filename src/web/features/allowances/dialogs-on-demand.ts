import type { ComponentProps, ComponentType } from 'react';
import { dialogOnDemand, preloadOnIntent } from '../../lib/dialog-on-demand';

// The dialogs of /allowances (the forms, their schemas, the upload preview, the details with their
// history) load when the user first reaches for the screen, not with its first paint: together they
// are what took the screen past its budget (issue 47 item 7).

type Dialogs = typeof import('./dialogs');

/** The dialog `name` of ./dialogs, open while its prop `openWhen` is true or names a record. */
function fromDialogs<K extends keyof Dialogs>(name: K, openWhen: keyof ComponentProps<Dialogs[K]>) {
  type P = ComponentProps<Dialogs[K]>;
  return dialogOnDemand<Dialogs, P>(
    () => import('./dialogs'),
    (m) => m[name] as ComponentType<P>,
    (props) => props[openWhen] != null && props[openWhen] !== false,
  );
}

export const AddAllowanceDialog = fromDialogs('AddAllowanceDialog', 'open');
export const BulkUploadDialog = fromDialogs('BulkUploadDialog', 'open');
export const AllowanceDetailsDialog = fromDialogs('AllowanceDetailsDialog', 'id');
export const DecisionDialog = fromDialogs('DecisionDialog', 'request');
export const PayDialog = fromDialogs('PayDialog', 'allowance');
export const BulkDecisionDialog = fromDialogs('BulkDecisionDialog', 'request');

/** For the screen's root: the dialogs' code starts loading when the user first points or tabs. */
export const PRELOAD_DIALOGS = preloadOnIntent(
  AddAllowanceDialog,
  BulkUploadDialog,
  AllowanceDetailsDialog,
  DecisionDialog,
  PayDialog,
  BulkDecisionDialog,
);
