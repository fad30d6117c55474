export * from './activities';
export * from './allowances';
export * from './announcements';
export * from './auth';
export * from './bulk-writes';
export * from './case-work';
export * from './corporate';
export * from './delegations';
export * from './events';
export * from './file-storage';
export * from './forms-files';
export * from './impact-stories';
export * from './library';
export * from './payment-batches';
export * from './payment-channels';
export * from './payouts';
export * from './role-requests';
export { rowTallies } from './row-tallies';
export * from './settings';
export * from './sms';
export * from './students';
// The list and check beside them are not tables: only the tables belong to the Drizzle schema.
export {
  allowanceMonthTotals,
  allowanceStageTotals,
  allowanceStudentNames,
  caseCounts,
  caseViewers,
  studentCounts,
} from './trigger-kept-tables';
export * from './yearbook';
