/** A form's tags field as the list the API takes: 'career, CV ,, career' -> ['career', 'CV']. */
export const splitTags = (text: string) => [
  ...new Set(
    text
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
  ),
];
