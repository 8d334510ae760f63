import {
  RESULTS_FILE_COLUMNS,
  RESULTS_LIMITS,
  RESULTS_MESSAGES,
  RESULT_STATUSES,
  type ResultStatus,
  type ResultsProblem,
  parseRaceTime,
} from '@stride/shared';

/** A row of the timer's file, read: its line (the header is line 1), the runner's bib, times and status. */
export type ResultsFileRow = {
  line: number;
  bib: number;
  chipMs: number | null;
  gunMs: number | null;
  status: ResultStatus;
};

/** What a file holds: its rows that read well, how many data rows it has, its problems and the bibs repeated. */
export type ResultsFile = {
  rows: ResultsFileRow[];
  rowCount: number;
  problems: ResultsProblem[];
  duplicateBibs: number[];
};

type ColumnKey = keyof typeof RESULTS_FILE_COLUMNS;

const BYTE_ORDER_MARK = '\uFEFF';
/** The largest bib there can be (the column is an int). */
const MAX_BIB = 2_147_483_647;

/** A record of the file (one row, its cells) and the line it starts on. */
type CsvRecord = { line: number; cells: string[] };

/**
 * The file's records, RFC 4180: cells separated by `delimiter`, quoted cells holding delimiters, `""` and line
 * breaks; lines ending in CRLF or LF. An unclosed quote is reported with the line its cell starts on.
 */
function readRecords(
  text: string,
  delimiter: string,
): { records: CsvRecord[]; unclosedQuoteLine: number | null } {
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  let quoteLine = 0;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          cell += '"';
          index += 1;
        } else quoted = false;
      } else {
        if (char === '\n') line += 1;
        cell += char;
      }
    } else if (char === '"' && cell.trim() === '') {
      quoted = true;
      quoteLine = line;
      cell = '';
    } else if (char === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      cells.push(cell);
      records.push({ line: recordLine, cells });
      cells = [];
      cell = '';
      line += 1;
      recordLine = line;
    } else cell += char;
  }
  if (quoted) return { records, unclosedQuoteLine: quoteLine };
  if (cell !== '' || cells.length > 0) {
    cells.push(cell);
    records.push({ line: recordLine, cells });
  }
  return { records, unclosedQuoteLine: null };
}

/** Semicolons when the header line has more of them than commas (as European spreadsheets write CSV). */
function delimiterOf(text: string): string {
  const headerLine = text.split(/\r?\n/).find((line) => line.trim() !== '') ?? '';
  const count = (char: string) => headerLine.split(char).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

const isBlank = (record: CsvRecord) => record.cells.every((cell) => cell.trim() === '');

/**
 * Reads the timer's file (issue 34): a header naming its columns in any order and case — Bib, Chip Time and/or
 * Gun Time, Status — then a row per runner; other columns are ignored, blank lines skipped. Every problem is
 * reported with its line and column (the column as Stride names it), up to RESULTS_LIMITS.problems of them.
 */
export function readResultsFile(content: string): ResultsFile {
  const text = content.startsWith(BYTE_ORDER_MARK) ? content.slice(1) : content;
  const problems: ResultsProblem[] = [];
  const report = (line: number, column: string | null, message: string) => {
    if (problems.length < RESULTS_LIMITS.problems) problems.push({ line, column, message });
  };
  const { records, unclosedQuoteLine } = readRecords(text, delimiterOf(text));
  const nonBlank = records.filter((record) => !isBlank(record));
  const [header, ...data] = nonBlank;
  const empty = { rows: [], rowCount: data.length, duplicateBibs: [] };
  // Nothing after an unclosed quote can be read: that is the file's one problem.
  if (unclosedQuoteLine !== null) {
    report(unclosedQuoteLine, null, RESULTS_MESSAGES.quote);
    return { ...empty, problems };
  }
  if (!header) {
    report(1, null, RESULTS_MESSAGES.empty);
    return { ...empty, problems };
  }

  // Where each known column is: the header's cells trimmed, in any case.
  const positions = new Map<ColumnKey, number>();
  const names = Object.entries(RESULTS_FILE_COLUMNS) as Array<[ColumnKey, string]>;
  header.cells.forEach((cell, position) => {
    const entry = names.find(([, name]) => name.toLowerCase() === cell.trim().toLowerCase());
    if (!entry) return;
    if (positions.has(entry[0])) report(header.line, entry[1], RESULTS_MESSAGES.duplicateColumn(entry[1]));
    else positions.set(entry[0], position);
  });
  if (!positions.has('bib')) report(header.line, RESULTS_FILE_COLUMNS.bib, RESULTS_MESSAGES.missingBib);
  if (!positions.has('chipTime') && !positions.has('gunTime')) {
    report(header.line, null, RESULTS_MESSAGES.missingTime);
  }
  if (data.length === 0) report(header.line, null, RESULTS_MESSAGES.empty);
  if (data.length > RESULTS_LIMITS.rows) report(header.line, null, RESULTS_MESSAGES.tooManyRows);
  if (problems.length > 0) return { ...empty, problems };

  const rows: ResultsFileRow[] = [];
  const seen = new Set<number>();
  const duplicates = new Set<number>();
  for (const { line, cells } of data) {
    const cellOf = (key: ColumnKey) => {
      const position = positions.get(key);
      return position === undefined ? '' : (cells[position] ?? '').trim();
    };
    const timeOf = (key: 'chipTime' | 'gunTime') => {
      const cell = cellOf(key);
      if (cell === '') return null;
      const ms = parseRaceTime(cell);
      if (ms === null)
        report(line, RESULTS_FILE_COLUMNS[key], RESULTS_MESSAGES.time(RESULTS_FILE_COLUMNS[key]));
      return ms;
    };
    const bibCell = cellOf('bib');
    const bib = /^\d{1,10}$/.test(bibCell) && Number(bibCell) <= MAX_BIB ? Number(bibCell) : null;
    if (bib === null) report(line, RESULTS_FILE_COLUMNS.bib, RESULTS_MESSAGES.bib);
    const chipMs = timeOf('chipTime');
    const gunMs = timeOf('gunTime');
    const statusCell = cellOf('status').toUpperCase();
    const status = statusCell === '' ? 'FIN' : RESULT_STATUSES.find((each) => each === statusCell);
    if (status === undefined) report(line, RESULTS_FILE_COLUMNS.status, RESULTS_MESSAGES.status);
    const timeGiven = cellOf('chipTime') !== '' || cellOf('gunTime') !== '';
    if (status === 'FIN' && !timeGiven) {
      const column = positions.has('chipTime') ? RESULTS_FILE_COLUMNS.chipTime : RESULTS_FILE_COLUMNS.gunTime;
      report(line, column, RESULTS_MESSAGES.finisherTime);
    }
    if (bib === null || status === undefined) continue;
    if (seen.has(bib)) duplicates.add(bib);
    seen.add(bib);
    rows.push({ line, bib, chipMs, gunMs, status });
  }
  return { rows, rowCount: data.length, problems, duplicateBibs: [...duplicates] };
}
