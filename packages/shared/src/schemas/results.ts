import { z } from 'zod';
import { GENDERS } from '../entry-rules.js';
import { RANK_BY, RESULT_STATUSES } from '../results.js';
import { searchText } from './fields.js';
import { pagingFields } from './paging.js';

/**
 * Results (issue 34): the timer's file imported, published, read by anyone once published; a runner's own result.
 */

export const RESULTS_LIMITS = {
  /** The timer's file, in bytes. */
  fileBytes: 10 * 1024 * 1024,
  /** Rows of one file (a race's entries are far fewer). */
  rows: 200_000,
  /** Finishers on each gender's podium. */
  podium: 3,
  /** Problems a report lists (a file wrong on every line lists the first ones). */
  problems: 1_000,
} as const;

/** The results CSV's header (GET …/results.csv). */
export const RESULTS_CSV_HEADER = [
  'Place',
  'Bib',
  'First Name',
  'Last Name',
  'Gender',
  'Age Group',
  'Gender Place',
  'Age Group Place',
  'Chip Time',
  'Gun Time',
  'Pace',
  'Status',
] as const;

/** The columns of the timer's file Stride reads (any order and case; others are ignored). */
export const RESULTS_FILE_COLUMNS = {
  bib: 'Bib',
  chipTime: 'Chip Time',
  gunTime: 'Gun Time',
  status: 'Status',
} as const;

export const RESULTS_MESSAGES = {
  notCsv: 'Send the results as a CSV file (Content-Type: text/csv)',
  tooLarge: `The results file is larger than ${RESULTS_LIMITS.fileBytes / 1024 / 1024} MB`,
  empty: 'The file is empty: it needs a header row and a row per runner',
  rejected: 'The results file has problems: nothing was stored',
  missingBib: 'The header has no Bib column',
  missingTime: 'The header needs a Chip Time or a Gun Time column',
  duplicateColumn: (column: string) => `The header names ${column} twice`,
  bib: 'Bib must be a whole number',
  time: (column: string) => `${column} must be H:MM:SS, HH:MM:SS or HH:MM:SS.s, up to 99:59:59.9`,
  status: `Status must be ${RESULT_STATUSES.join(', ')} or empty (FIN)`,
  finisherTime: 'A finisher (FIN) needs a Chip Time or a Gun Time',
  quote: 'A quoted cell is not closed',
  tooManyRows: `The file has more than ${RESULTS_LIMITS.rows.toLocaleString('en-US')} rows`,
  nothingToPublish: 'Import the results before publishing them',
  notOrganizer: 'Only the race’s organizer and co-organizers can manage its results',
  notFound: 'Results not found',
  resultNotFound: 'Result not found',
  published: 'published must be true or false',
  rankBy: `rankBy must be ${RANK_BY.join(' or ')}`,
} as const;

/** A problem of the file: its line (1 is the header) and column (as the header names it, or null for the row). */
export const resultsProblemSchema = z.object({
  line: z.number().int(),
  column: z.string().nullable(),
  message: z.string(),
});
export type ResultsProblem = z.infer<typeof resultsProblemSchema>;

/** What an import found: 200 when stored (or, dry run, storable), else 400 with the same report. */
export const resultsReportSchema = z.object({
  /** Data rows (the header and blank lines not counted). */
  rows: z.number().int(),
  /** Rows whose bib is a registered entry of the race. */
  matched: z.number().int(),
  /** Matched rows with the status FIN. */
  finishers: z.number().int(),
  /** Bibs of no registered entry of the race, in the file's order. */
  unknownBibs: z.array(z.number().int()),
  /** Bibs on more than one row, each once. */
  duplicateBibs: z.array(z.number().int()),
  problems: z.array(resultsProblemSchema),
  /** Whether the results were stored (false for a dry run and a file with problems). */
  stored: z.boolean(),
  /** When the race's results last changed, ISO 8601; null before any import. */
  resultsUpdatedAt: z.iso.datetime().nullable(),
});
export type ResultsReport = z.infer<typeof resultsReportSchema>;
/** The 400 of a file with problems: the report and a message. */
export const resultsRejectedSchema = resultsReportSchema.extend({ message: z.string() });

export const resultsImportQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false'], { error: 'dryRun must be true or false' })
    .transform((value) => value === 'true')
    .default(false)
    .describe('true: check the file and answer the report, storing nothing'),
});

export const resultsPublishSchema = z.object({
  published: z.boolean({ error: RESULTS_MESSAGES.published }),
});
export const resultsPublishedSchema = z.object({
  published: z.boolean(),
  /** When they were published (the latest time), ISO 8601; null while unpublished. */
  resultsPublishedAt: z.iso.datetime().nullable(),
  /** Finishers mailed "Your result" by this call (only the first publication mails). */
  mailed: z.number().int(),
});

/** One runner's result. Times in milliseconds (null when absent) and as `H:MM:SS`. */
export const resultSchema = z.object({
  registrationId: z.string(),
  bib: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  gender: z.enum(GENDERS).nullable(),
  /** The runner's age group on race day, as the race labels it (30–39, 70+); null without one. */
  ageGroup: z.string().nullable(),
  chipTime: z.number().int().nullable(),
  gunTime: z.number().int().nullable(),
  chipTimeText: z.string().nullable(),
  gunTimeText: z.string().nullable(),
  status: z.enum(RESULT_STATUSES),
  /** Overall place among the finishers (ties share one, the next is skipped); null for DNF, DNS, DQ. */
  place: z.number().int().nullable(),
  /** Place among the finishers of the runner's gender; null without a gender. */
  genderPlace: z.number().int().nullable(),
  /** Place in the division (gender and age group); null without either. */
  ageGroupPlace: z.number().int().nullable(),
  /** Minutes and seconds per kilometre (`M:SS`) over the race's distance; null for non-finishers. */
  pacePerKm: z.string().nullable(),
});
export type Result = z.infer<typeof resultSchema>;

const genderOrAll = z.enum(GENDERS, { error: `gender must be ${GENDERS.join(', ')}` });

/** GET …/results and …/results.csv. */
export const resultsQuerySchema = z.object({
  q: searchText('q', 100)
    .optional()
    .transform((value) => value || undefined)
    .describe('A name (first, last or both, anywhere) or a bib'),
  gender: genderOrAll.optional(),
  ageGroup: searchText('ageGroup', 20)
    .optional()
    .transform((value) => value || undefined)
    .describe('One of the race’s age groups as labelled, e.g. 40–49 or 70+'),
  status: z.enum(RESULT_STATUSES, { error: `status must be ${RESULT_STATUSES.join(', ')}` }).optional(),
  ...pagingFields,
});
export type ResultsQuery = z.output<typeof resultsQuerySchema>;
export type ResultsQueryInput = z.input<typeof resultsQuerySchema>;

const fastestSchema = z.object({
  gender: z.enum(GENDERS),
  bib: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  time: z.number().int(),
  timeText: z.string(),
});

/** The whole race's results at a glance (filters do not change it). */
export const resultsSummarySchema = z.object({
  finishers: z.number().int(),
  dnf: z.number().int(),
  dns: z.number().int(),
  dq: z.number().int(),
  /** Each gender's fastest finisher (by the ranking time). */
  fastest: z.array(fastestSchema),
  /** The finishers' median ranking time; null without finishers. */
  medianTime: z.number().int().nullable(),
  medianTimeText: z.string().nullable(),
  /** Each gender's first three finishers. */
  podiums: z.array(z.object({ gender: z.enum(GENDERS), results: z.array(resultSchema) })),
});
export type ResultsSummary = z.infer<typeof resultsSummarySchema>;

/** GET …/results: a page of rows in place order (X-Total-Count: the rows matching) and the summary. */
export const resultsPageSchema = z.object({
  results: z.array(resultSchema),
  summary: resultsSummarySchema,
  rankBy: z.enum(RANK_BY),
  published: z.boolean(),
  resultsUpdatedAt: z.iso.datetime().nullable(),
  /** The race's age groups as labelled (the filter's choices); empty when it has none. */
  ageGroups: z.array(z.string()),
});
export type ResultsPage = z.infer<typeof resultsPageSchema>;

export const resultBibParamSchema = z.object({
  id: z.string().transform((id) => id.toLowerCase()),
  bib: z.coerce.number({ error: 'bib must be a whole number' }).int('bib must be a whole number'),
});

/** GET …/results/{bib}: one runner's result card, with the count of finishers its place is out of. */
export const resultCardSchema = z.object({
  result: resultSchema,
  finishers: z.number().int(),
  /** "12th of 3,402 · 3rd F 40–49"; null for non-finishers. */
  placeLine: z.string().nullable(),
});
export type ResultCard = z.infer<typeof resultCardSchema>;
