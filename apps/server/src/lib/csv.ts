import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** The CSV files Stride writes (the desk's participants, a race's results): as spreadsheets read them. */

export const CSV_CONTENT_TYPE = 'text/csv';

/** So that Excel reads the file as UTF-8 (accents, emoji) rather than the system's code page. */
export const BYTE_ORDER_MARK = '\uFEFF';
const LINE_END = '\r\n';
/** A cell starting with one of these is a formula to a spreadsheet (CSV injection, OWASP). */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell: formula starts defused with a leading `'`, then quoted per RFC 4180 where needed. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  const text = typeof value === 'number' ? String(value) : value.replace(FORMULA_START, "'$&");
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: ReadonlyArray<string | number | null>): string {
  return cells.map(csvCell).join(',') + LINE_END;
}

/** The title as lower-case ASCII letters and digits joined by single dashes, accents folded; "race" if none. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return slug || 'race';
}

/** Answers with the CSV file to download, written to the socket as `content` yields it. */
export function sendCsv(reply: FastifyReply, filename: string, content: AsyncIterable<string>) {
  return reply
    .type(`${CSV_CONTENT_TYPE}; charset=utf-8`)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(Readable.from(content));
}
