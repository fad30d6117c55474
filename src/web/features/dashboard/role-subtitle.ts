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
