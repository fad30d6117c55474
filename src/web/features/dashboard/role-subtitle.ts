/** The welcome banner's subtitle for each role (docs/product.md §2 Dashboard). */
export function roleSubtitle(role: string): string {
  switch (role) {
    case 'admin':
      return 'System Overview Dashboard';
    case 'program_officer':
      return 'Your Students Dashboard';
    case 'deputy_manager':
      return 'Management Dashboard';
    default:
      return 'Your Academic Progress';
  }
}

/** The admin panel's figures: programme targets from the spec, not live data. */
export const PROGRAMME_TARGETS = [
  { label: 'Student Retention Rate', value: 96 },
  { label: 'On-time Allowance Distribution', value: 89 },
  { label: 'Issue Resolution Rate', value: 92 },
  { label: 'Form Completion Rate', value: 88 },
] as const;
