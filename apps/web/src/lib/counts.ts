const NUMBER = new Intl.NumberFormat('en-US');

/** A number as people read it: 100,000. */
export const formatNumber = (value: number) => NUMBER.format(value);

/** A count and its noun, in the singular for one: '1 marathon', '100,000 places'. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatNumber(count)} ${count === 1 ? singular : plural}`;
}
