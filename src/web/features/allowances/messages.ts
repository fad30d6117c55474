/** Every message the Allowance Management screens show (docs/product.md §5, §8; docs/product.md D5, D8), in one place. */
import { plural } from '../../../domain/plural';

export const ALLOWANCE_UI = {
  searchPlaceholder: 'Search allowances...',
  allStages: 'All Stages',
  empty: 'No allowances found matching your criteria.',
  loadFailed: "Couldn't load allowances",

  submitted: 'Allowance submitted successfully!',
  submitFailed: 'Failed to add allowance. Please try again.',

  commentRequired: 'Please provide a comment for your decision.',
  noPermission: 'You do not have permission to approve at this stage.',
  approved: 'Allowance approved successfully!',
  denied: 'Allowance denied successfully!',
  decisionFailed: 'Failed to process approval. Please try again.',

  paid: 'Allowance marked as paid successfully!',
  payFailed: 'Failed to mark allowance as paid. Please try again.',

  noFile: 'Please select a file to upload.',
  onlyCsv: 'Only .csv files are accepted.',
  tooLarge: 'The file is larger than 10 MB. Please split it into smaller files.',
  noRows: 'No allowance rows found in the CSV file.',
  bulkFailed: 'Failed to process bulk upload. Please check your file and try again.',
  uploaded: (n: number) => `Successfully uploaded ${plural(n, 'allowance')}!`,
  csvParsing: (detail: string) => `CSV parsing error: ${detail}`,

  network: 'The server could not be reached. Check your connection.',
} as const;
