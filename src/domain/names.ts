/** Up to two initials of a name, for a photo that is missing or cannot be shown. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return letters.map((w) => w[0]!.toUpperCase()).join('') || '?';
}
