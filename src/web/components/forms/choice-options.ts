/** The options of a select over one of the programme's lists (levels, statuses...), with their labels. */
export const choiceOptions = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));
