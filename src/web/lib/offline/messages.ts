/** The words of the phone's offline work (issue 48 items 3 and 4, verbatim where the issue says them). */
export const OFFLINE_MESSAGES = {
  offline: 'Offline',
  waiting: (n: number) => `${n} waiting to sync`,
  syncing: 'Syncing…',
  synced: 'All changes synced',
  failed: (n: number) => `${n} could not be synced`,
  syncNow: 'Sync now',
  continueDraft: 'Continue your draft',
  keptOnPhone: 'Saved on this phone. It will be sent when there is a connection.',
  needsChanges: 'Needs changes',
  conflict: 'Changed on the server meanwhile: choose which values to keep',
  signOutTitle: 'Work on this phone is not synced yet',
  exported: 'The unsynced work was saved as a file.',
  showingKept: (what: 'tasks' | 'students') => `Offline: showing the ${what} kept on this phone`,
  readOnlyOffline: 'Changes can be made once the network is back.',
} as const;
