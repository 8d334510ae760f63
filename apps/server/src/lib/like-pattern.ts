/** `text` anywhere, for LIKE/ILIKE: its own `%`, `_` and `\` match themselves. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;
