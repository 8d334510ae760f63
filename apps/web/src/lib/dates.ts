/** Date texts of the screens. Dates arrive from the API as ISO 8601 strings. */

const parse = (value: string | null | undefined) => (value ? new Date(value) : null);

/** `YYYY-MM-DD` in the visitor's time zone (SPEC.md §2 card dates); '' when missing or unparseable. */
export function formatDay(value: string | null | undefined): string {
  const date = parse(value);
  if (!date || Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A date badge (SPEC.md §2): 'N/A' if missing, 'Invalid date' if unparseable, else the local date and time. */
export function formatBadgeDate(value: string | null | undefined): string {
  if (!value) return 'N/A';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return 'Invalid date';
  return date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

/** Days, hours, minutes and seconds of a countdown (SPEC.md §4, §9 rings). */
export function splitDuration(totalSeconds: number) {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  return {
    days: Math.floor(seconds / 86_400),
    hours: Math.floor((seconds % 86_400) / 3_600),
    minutes: Math.floor((seconds % 3_600) / 60),
    seconds: seconds % 60,
  };
}
