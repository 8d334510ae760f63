/**
 * A plain-text table: the header, a rule, then the rows, columns two spaces apart. Numbers read best
 * right-aligned: with `alignNumbers`, every column but the first is.
 * @param {string[]} header
 * @param {string[][]} rows
 * @param {{ alignNumbers?: boolean }} [options]
 * @returns {string}
 */
export function formatTable(header, rows, { alignNumbers = false } = {}) {
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => row[column].length)));
  const line = (row) =>
    row
      .map((cell, column) =>
        alignNumbers && column > 0 ? cell.padStart(widths[column]) : cell.padEnd(widths[column]),
      )
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}
