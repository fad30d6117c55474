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
  /*
   * A 409: the allowance moved on after the screen showed it. The server's own message asks an API
   * caller to reload; the screen has already reloaded the list and the details when this shows.
   */
  decidedMeanwhile:
    'Someone else decided this allowance first, so your decision was not recorded. The list now shows where it stands.',

  paid: 'Allowance marked as paid successfully!',
  payFailed: 'Failed to mark allowance as paid. Please try again.',
  paidMeanwhile:
    'Someone else changed this allowance first, so it was not marked as paid. The list now shows where it stands.',

  noFile: 'Please select a file to upload.',
  onlyCsv: 'Only .csv files are accepted.',
  tooLarge: 'The file is larger than 10 MB. Please split it into smaller files.',
  noRows: 'No allowance rows found in the CSV file.',
  bulkFailed: 'Failed to process bulk upload. Please check your file and try again.',
  uploaded: (n: number) => `Successfully uploaded ${plural(n, 'allowance')}!`,
  csvParsing: (detail: string) => `CSV parsing error: ${detail}`,

  network: 'The server could not be reached. Check your connection.',
} as const;
