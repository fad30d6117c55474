/** The phone's offline work (issue 48 items 2-4): drafts, the outbox and its sync, kept records. */
export { FormPhotoPicker } from './form-photo-picker';
export { KeptListScreen } from './kept-list-screen';
export { KeptNotice, useKeptStudents, useKeptTasks, useKeptWhileOffline } from './kept-while-offline';
export { OfflineProvider, type OfflineWork, useOfflineReach, useOfflineWork } from './offline-provider';
export { type KeptForm, OnThisPhone } from './on-this-phone';
export { useSignOutCheck } from './sign-out-check';
export { SyncStatus } from './sync-status';
export { useDraftKeeper } from './use-draft-keeper';
