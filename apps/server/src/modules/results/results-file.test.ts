import { describe, expect, it } from 'vitest';
import { RESULTS_LIMITS, RESULTS_MESSAGES } from '@stride/shared';
import { readResultsFile } from './results-file.js';

/** A file of lines joined by LF (the header included). */
const file = (...lines: string[]) => lines.join('\n');

/** The file's rows as `[bib, chipMs, gunMs, status]`, in the file's order. */
const rowsOf = (text: string) =>
  readResultsFile(text).rows.map((row) => [row.bib, row.chipMs, row.gunMs, row.status]);

describe('readResultsFile: what it reads', () => {
  it('reads a row per runner with its line, bib, times in ms and status', () => {
    const read = readResultsFile(file('Bib,Chip Time,Gun Time,Status', '7,0:41:02,0:41:30,FIN', '12,,,DNF'));
    expect(read).toEqual({
      rows: [
        { line: 2, bib: 7, chipMs: 2_462_000, gunMs: 2_490_000, status: 'FIN' },
        { line: 3, bib: 12, chipMs: null, gunMs: null, status: 'DNF' },
      ],
      rowCount: 2,
      problems: [],
      duplicateBibs: [],
    });
  });

  it.each([
    ['H:MM:SS', '1:02:03', 3_723_000],
    ['HH:MM:SS', '01:02:03', 3_723_000],
    ['HH:MM:SS.s', '01:02:03.4', 3_723_400],
    ['the longest time', '99:59:59.9', 359_999_900],
    ['a time under an hour', '0:38:07', 2_287_000],
    ['a time with spaces around it', ' 1:02:03 ', 3_723_000],
  ])('reads %s (%j) in both time columns', (_, time, ms) => {
    expect(rowsOf(file('Bib,Chip Time,Gun Time', `1,${time},${time}`))).toEqual([[1, ms, ms, 'FIN']]);
  });

  it('reads a file with only a Chip Time or only a Gun Time column', () => {
    expect(rowsOf(file('Bib,Chip Time', '1,0:40:00'))).toEqual([[1, 2_400_000, null, 'FIN']]);
    expect(rowsOf(file('Bib,Gun Time', '1,0:40:00'))).toEqual([[1, null, 2_400_000, 'FIN']]);
  });

  it.each([
    ['commas', file('Bib,Chip Time,Gun Time', '5,0:40:00,0:40:10')],
    ['semicolons', file('Bib;Chip Time;Gun Time', '5;0:40:00;0:40:10')],
    [
      'semicolons, with commas in an ignored column',
      file('Bib;Name;Chip Time;Gun Time', '5;Doe, Jane;0:40:00;0:40:10'),
    ],
  ])('reads cells separated by %s', (_, text) => {
    expect(rowsOf(text)).toEqual([[5, 2_400_000, 2_410_000, 'FIN']]);
  });

  it('reads a file starting with a byte order mark', () => {
    const read = readResultsFile('\uFEFF' + file('Bib,Chip Time', '5,0:40:00'));
    expect(read.problems).toEqual([]);
    expect(read.rows).toEqual([{ line: 2, bib: 5, chipMs: 2_400_000, gunMs: null, status: 'FIN' }]);
  });

  it.each([
    ['in any case', 'BIB,chip time,GUN TIME,status'],
    ['with spaces around them', ' Bib , chip time ,Gun Time , Status '],
    ['in any order', 'Status,Gun Time,Bib,Chip Time'],
  ])('reads the header names %s', (_, header) => {
    const cells: Record<string, string> = {
      bib: '5',
      'chip time': '0:40:00',
      'gun time': '0:40:10',
      status: 'dnf',
    };
    const row = header
      .split(',')
      .map((name) => cells[name.trim().toLowerCase()])
      .join(',');
    expect(rowsOf(file(header, row))).toEqual([[5, 2_400_000, 2_410_000, 'DNF']]);
  });

  it('ignores columns it does not know, whatever they hold', () => {
    const text = file(
      'Place,Bib,First Name,Last Name,Chip Time,Split 10k,Gender',
      '1,5,Jane,Doe,0:40:00,not a time,F',
      '2,6,John,Roe,0:41:00,,M',
    );
    expect(readResultsFile(text).problems).toEqual([]);
    expect(rowsOf(text)).toEqual([
      [5, 2_400_000, null, 'FIN'],
      [6, 2_460_000, null, 'FIN'],
    ]);
  });

  it('skips blank lines, keeping each row on the line it is on', () => {
    const read = readResultsFile(file('Bib,Chip Time', '', '5,0:40:00', '   ', ',', '6,0:41:00', ''));
    expect(read.rows.map(({ line, bib }) => [line, bib])).toEqual([
      [3, 5],
      [6, 6],
    ]);
    expect(read.rowCount).toBe(2);
    expect(read.problems).toEqual([]);
  });

  it.each([
    ['commas', '\n\nBib,Chip Time\n5,0:40:00'],
    ['semicolons', '\n\nBib;Chip Time\n5;0:40:00'],
  ])('skips blank lines before the header (%s)', (_, text) => {
    const read = readResultsFile(text);
    expect(read.problems).toEqual([]);
    expect(read.rows).toEqual([{ line: 4, bib: 5, chipMs: 2_400_000, gunMs: null, status: 'FIN' }]);
  });

  it('reads quoted cells holding the separator, "" and line breaks', () => {
    const text = file(
      'Bib,Name,Chip Time,Status',
      '"5","Doe, Jane ""JD""",0:40:00,"DNF"',
      '6,"Roe,',
      'John",0:41:00,',
      '"7" ,"",0:42:00,FIN',
    );
    const read = readResultsFile(text);
    expect(read.problems).toEqual([]);
    expect(read.rows).toEqual([
      { line: 2, bib: 5, chipMs: 2_400_000, gunMs: null, status: 'DNF' },
      { line: 3, bib: 6, chipMs: 2_460_000, gunMs: null, status: 'FIN' },
      { line: 5, bib: 7, chipMs: 2_520_000, gunMs: null, status: 'FIN' },
    ]);
    expect(read.rowCount).toBe(3);
  });

  it('reads quoted cells holding semicolons in a semicolon file', () => {
    expect(rowsOf(file('Bib;Name;Chip Time', '5;"Doe; Jane";0:40:00'))).toEqual([
      [5, 2_400_000, null, 'FIN'],
    ]);
  });

  it('reads lines ending in CRLF as it reads lines ending in LF', () => {
    const lines = ['Bib,Chip Time,Status', '5,0:40:00,', '', '6,0:41:00,DNF', '7,bad,'];
    const lf = readResultsFile(lines.join('\n') + '\n');
    const crlf = readResultsFile(lines.join('\r\n') + '\r\n');
    expect(crlf).toEqual(lf);
    expect(crlf.rows.map(({ line, bib }) => [line, bib])).toEqual([
      [2, 5],
      [4, 6],
      [5, 7],
    ]);
    expect(crlf.problems).toEqual([
      { line: 5, column: 'Chip Time', message: RESULTS_MESSAGES.time('Chip Time') },
    ]);
  });

  it.each([
    ['FIN', 'FIN'],
    ['fin', 'FIN'],
    ['DNF', 'DNF'],
    ['dnf', 'DNF'],
    ['Dns', 'DNS'],
    ['dq', 'DQ'],
    [' DQ ', 'DQ'],
    ['', 'FIN'],
  ])('reads the status %j as %s', (cell, status) => {
    expect(rowsOf(file('Bib,Chip Time,Status', `5,0:40:00,${cell}`))).toEqual([[5, 2_400_000, null, status]]);
  });

  it('takes FIN for every row when the file has no Status column', () => {
    expect(rowsOf(file('Bib,Chip Time', '5,0:40:00', '6,0:41:00')).map((row) => row[3])).toEqual([
      'FIN',
      'FIN',
    ]);
  });

  it.each([['DNF'], ['DNS'], ['DQ']])('takes a %s without a time', (status) => {
    const read = readResultsFile(file('Bib,Chip Time,Gun Time,Status', `5,,,${status}`));
    expect(read.problems).toEqual([]);
    expect(read.rows).toEqual([{ line: 2, bib: 5, chipMs: null, gunMs: null, status }]);
  });

  it.each([
    ['7', 7],
    [' 7 ', 7],
    ['007', 7],
    ['0', 0],
    ['2147483647', 2_147_483_647],
  ])('reads the bib %j as %i', (cell, bib) => {
    expect(rowsOf(file('Bib,Chip Time', `${cell},0:40:00`))).toEqual([[bib, 2_400_000, null, 'FIN']]);
  });

  it('lists each bib on more than one row once, in the order they repeat, and keeps every row', () => {
    const read = readResultsFile(
      file('Bib,Chip Time', '9,0:40:00', '7,0:41:00', '7,0:42:00', '9,0:43:00', '7,0:44:00', '8,0:45:00'),
    );
    expect(read.duplicateBibs).toEqual([7, 9]);
    expect(read.rows.map((row) => row.bib)).toEqual([9, 7, 7, 9, 7, 8]);
    expect(read.problems).toEqual([]);
  });

  it('counts data rows only: not the header, not blank lines, rows with problems included', () => {
    const read = readResultsFile(
      file('', 'Bib,Chip Time', '5,0:40:00', '', 'x,0:41:00', '6,', '', '7,0:43:00'),
    );
    expect(read.rowCount).toBe(4);
    expect(read.rows.map((row) => row.bib)).toEqual([5, 6, 7]);
  });
});

describe('readResultsFile: each problem with its line and column', () => {
  const time = RESULTS_MESSAGES.time;

  it.each([
    ['a bib with letters', '12a,0:40:00,,', { line: 3, column: 'Bib', message: RESULTS_MESSAGES.bib }],
    ['a negative bib', '-5,0:40:00,,', { line: 3, column: 'Bib', message: RESULTS_MESSAGES.bib }],
    ['a bib with decimals', '5.5,0:40:00,,', { line: 3, column: 'Bib', message: RESULTS_MESSAGES.bib }],
    ['an empty bib', ',0:40:00,,', { line: 3, column: 'Bib', message: RESULTS_MESSAGES.bib }],
    ['a bib too large', '2147483648,0:40:00,,', { line: 3, column: 'Bib', message: RESULTS_MESSAGES.bib }],
    [
      'minutes of 60 in Chip Time',
      '5,1:60:00,,',
      { line: 3, column: 'Chip Time', message: time('Chip Time') },
    ],
    [
      'seconds of 60 in Chip Time',
      '5,1:00:60,,',
      { line: 3, column: 'Chip Time', message: time('Chip Time') },
    ],
    ['100 hours in Chip Time', '5,100:00:00,,', { line: 3, column: 'Chip Time', message: time('Chip Time') }],
    [
      'hundredths in Chip Time',
      '5,1:00:00.12,,',
      { line: 3, column: 'Chip Time', message: time('Chip Time') },
    ],
    ['words in Gun Time', '5,,abc,', { line: 3, column: 'Gun Time', message: time('Gun Time') }],
    [
      'minutes and seconds only in Gun Time',
      '5,,40:00,',
      { line: 3, column: 'Gun Time', message: time('Gun Time') },
    ],
    [
      'an unknown status',
      '5,0:40:00,,FINISHED',
      { line: 3, column: 'Status', message: RESULTS_MESSAGES.status },
    ],
    ['a status DSQ', '5,0:40:00,,DSQ', { line: 3, column: 'Status', message: RESULTS_MESSAGES.status }],
    [
      'a finisher without a time',
      '5,,,FIN',
      { line: 3, column: 'Chip Time', message: RESULTS_MESSAGES.finisherTime },
    ],
    [
      'a runner without a time or status',
      '5,,,',
      { line: 3, column: 'Chip Time', message: RESULTS_MESSAGES.finisherTime },
    ],
  ])('reports %s', (_, row, problem) => {
    const read = readResultsFile(
      file('Bib,Chip Time,Gun Time,Status', '4,0:39:00,0:39:10,', row, '6,0:41:00,,'),
    );
    expect(read.problems).toEqual([problem]);
    expect(read.rowCount).toBe(3);
  });

  it('names the Gun Time column for a finisher without a time when the file has no Chip Time', () => {
    expect(readResultsFile(file('Bib,Gun Time', '5,')).problems).toEqual([
      { line: 2, column: 'Gun Time', message: RESULTS_MESSAGES.finisherTime },
    ]);
  });

  it('reports every problem of a row, column by column, and of every row', () => {
    const read = readResultsFile(
      file('Bib,Chip Time,Gun Time,Status', 'x,1:60:00,1:00:60,DONE', '5,0:40:00,,', '', 'y,,,'),
    );
    expect(read.problems).toEqual([
      { line: 2, column: 'Bib', message: RESULTS_MESSAGES.bib },
      { line: 2, column: 'Chip Time', message: time('Chip Time') },
      { line: 2, column: 'Gun Time', message: time('Gun Time') },
      { line: 2, column: 'Status', message: RESULTS_MESSAGES.status },
      { line: 5, column: 'Bib', message: RESULTS_MESSAGES.bib },
      { line: 5, column: 'Chip Time', message: RESULTS_MESSAGES.finisherTime },
    ]);
  });

  it('counts lines as the file has them: blank lines, quoted line breaks, CRLF', () => {
    const text = ['Bib,Name,Chip Time', '', '5,"two', 'lines",0:40:00', '6,x,0:61:00'].join('\r\n');
    expect(readResultsFile(text).problems).toEqual([
      { line: 5, column: 'Chip Time', message: time('Chip Time') },
    ]);
  });

  it('reports a header without a Bib column', () => {
    expect(readResultsFile(file('Number,Chip Time', '5,0:40:00'))).toEqual({
      rows: [],
      rowCount: 1,
      problems: [{ line: 1, column: 'Bib', message: RESULTS_MESSAGES.missingBib }],
      duplicateBibs: [],
    });
  });

  it('reports a header without a time column', () => {
    expect(readResultsFile(file('Bib,Status,Time', '5,FIN,0:40:00'))).toEqual({
      rows: [],
      rowCount: 1,
      problems: [{ line: 1, column: null, message: RESULTS_MESSAGES.missingTime }],
      duplicateBibs: [],
    });
  });

  it('reports a header without either', () => {
    expect(readResultsFile(file('Name,Time', 'Jane,0:40:00')).problems).toEqual([
      { line: 1, column: 'Bib', message: RESULTS_MESSAGES.missingBib },
      { line: 1, column: null, message: RESULTS_MESSAGES.missingTime },
    ]);
  });

  it.each([
    ['Bib,Chip Time,bib', 'Bib'],
    ['Bib,Chip Time, CHIP TIME ', 'Chip Time'],
    ['Bib,Gun Time,Chip Time,Gun Time', 'Gun Time'],
    ['Status,Bib,Chip Time,status', 'Status'],
  ])('reports a header %j naming a column twice', (header, column) => {
    const read = readResultsFile(file(header, '5,0:40:00,0:40:00,0:40:00'));
    expect(read.problems).toEqual([{ line: 1, column, message: RESULTS_MESSAGES.duplicateColumn(column) }]);
    expect(read.rows).toEqual([]);
  });

  it('names the header’s line when blank lines come before it', () => {
    expect(readResultsFile(file('', '', 'Bib,Name', '5,Jane')).problems).toEqual([
      { line: 3, column: null, message: RESULTS_MESSAGES.missingTime },
    ]);
  });

  it.each([
    ['an empty file', ''],
    ['a byte order mark alone', '\uFEFF'],
    ['blank lines only', '\n  \r\n,,\n'],
  ])('reports %s as empty on line 1', (_, text) => {
    expect(readResultsFile(text)).toEqual({
      rows: [],
      rowCount: 0,
      problems: [{ line: 1, column: null, message: RESULTS_MESSAGES.empty }],
      duplicateBibs: [],
    });
  });

  it.each([
    ['without a line break', 'Bib,Chip Time'],
    ['with a line break', 'Bib,Chip Time\r\n'],
    ['with blank lines after it', 'Bib,Chip Time\n\n\n'],
  ])('reports a header only (%s) as empty on the header’s line', (_, text) => {
    expect(readResultsFile(text)).toEqual({
      rows: [],
      rowCount: 0,
      problems: [{ line: 1, column: null, message: RESULTS_MESSAGES.empty }],
      duplicateBibs: [],
    });
  });

  it('reports a quoted cell not closed on the line it starts on, and reads no rows', () => {
    const read = readResultsFile(
      file('Bib,Name,Chip Time', '5,Jane,0:40:00', '6,"John,0:41:00', '7,Ann,0:42:00'),
    );
    expect(read.problems).toEqual([{ line: 3, column: null, message: RESULTS_MESSAGES.quote }]);
    expect(read.rows).toEqual([]);
  });

  it('reports a quoted cell not closed in the first row as that, not as an empty file', () => {
    expect(readResultsFile(file('Bib,Name,Chip Time', '5,"Jane,0:40:00', '6,John,0:41:00')).problems).toEqual(
      [{ line: 2, column: null, message: RESULTS_MESSAGES.quote }],
    );
  });

  it('reports a quoted cell not closed in the header as that, not as an empty file', () => {
    expect(readResultsFile(file('Bib,"Chip Time', '5,0:40:00')).problems).toEqual([
      { line: 1, column: null, message: RESULTS_MESSAGES.quote },
    ]);
  });

  it('keeps quotes inside an unquoted cell as they are', () => {
    const read = readResultsFile(file('Bib,Name,Chip Time', '5,Jane "JJ" Doe,0:40:00'));
    expect(read.problems).toEqual([]);
    expect(read.rows.map((row) => row.chipMs)).toEqual([2_400_000]);
  });

  it('reports a file with more rows than it reads', () => {
    const lines = Array.from({ length: RESULTS_LIMITS.rows + 1 }, (_, index) => `${index + 1},0:40:00`);
    const read = readResultsFile(`Bib,Chip Time\n${lines.join('\n')}`);
    expect(read.problems).toEqual([{ line: 1, column: null, message: RESULTS_MESSAGES.tooManyRows }]);
    expect(read.rows).toEqual([]);
    expect(read.rowCount).toBe(RESULTS_LIMITS.rows + 1);
  });

  it('stops at the first problems it can list', () => {
    const lines = Array.from({ length: RESULTS_LIMITS.problems + 50 }, (_, index) => `x${index},0:40:00`);
    const read = readResultsFile(file('Bib,Chip Time', ...lines));
    expect(read.problems).toHaveLength(RESULTS_LIMITS.problems);
    expect(read.problems[0]).toEqual({ line: 2, column: 'Bib', message: RESULTS_MESSAGES.bib });
    expect(read.rowCount).toBe(RESULTS_LIMITS.problems + 50);
  });
});
