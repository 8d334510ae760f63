/**
 * What stands for a name where its picture cannot: the first letter (or digit) of its first two words, in capitals
 * ("Capital City Marathon" → "CC", "ångström 10K" → "Å1"); '?' when the name has none.
 */
export function initialsOf(name: string, letters = 2): string {
  // A letter or digit that no letter or digit comes before: the start of a word.
  const starts = name.match(/(?<![\p{L}\p{N}])[\p{L}\p{N}]/gu) ?? [];
  return starts.slice(0, letters).join('').toUpperCase() || '?';
}
