import type { Gender, RankBy, ResultStatus } from '@stride/shared';
import { countOf, formatNumber } from '../../lib/counts';
import { outcomeSaying } from '../../lib/record-messages';

/**
 * User-facing texts of a race's results (issue 34): the public results page, a runner's result card and the
 * desk's Results tab, shared by the screens and their tests.
 */
export const RESULTS_PAGE_MESSAGES = {
  caption: 'Results',
  /** The tab's title: 'Results · Lisbon Marathon'. */
  title: (raceTitle: string) => `Results · ${raceTitle}`,
  notPublished: 'Results are not published yet.',
  /** What the race's team sees above results that nobody else sees yet. */
  teamPreview: 'Not published: only the race’s team sees these results.',
  raceLink: 'Race page',

  podiumHeading: 'Podium',
  podiums: { female: 'Women', male: 'Men', nonbinary: 'Non-binary' } as const satisfies Record<
    Gender,
    string
  >,

  /** The summary line: '1,204 finishers · 12 DNF · 3 DNS · 1 DQ · median time 4:12:33'. */
  summary: {
    finishers: (count: number) => countOf(count, 'finisher'),
    status: (count: number, status: 'DNF' | 'DNS' | 'DQ') => `${formatNumber(count)} ${status}`,
    median: (time: string) => `median time ${time}`,
    separator: ' · ',
  },

  filters: {
    search: 'Search by name or bib',
    searchPlaceholder: 'Name or bib',
    gender: 'Gender',
    ageGroup: 'Age group',
    status: 'Status',
    all: 'All',
  },
  genders: { female: 'Female', male: 'Male', nonbinary: 'Non-binary' } as const satisfies Record<
    Gender,
    string
  >,
  statuses: {
    FIN: 'Finished',
    DNF: 'DNF',
    DNS: 'DNS',
    DQ: 'DQ',
  } as const satisfies Record<ResultStatus, string>,
  /** A status in full, as the result card says it. */
  statusNames: {
    FIN: 'Finished',
    DNF: 'Did not finish',
    DNS: 'Did not start',
    DQ: 'Disqualified',
  } as const satisfies Record<ResultStatus, string>,

  tableCaption: (raceTitle: string) => `Results of ${raceTitle}`,
  columns: {
    place: 'Place',
    bib: 'Bib',
    name: 'Name',
    gender: 'Gender',
    ageGroup: 'Age group',
    genderPlace: 'Gender place',
    ageGroupPlace: 'Age group place',
    time: 'Time',
    pace: 'Pace',
  },
  /** The signed-in runner's own row. */
  you: 'You',
  /** An empty cell (no age group, no pace). */
  none: '-',
  pace: (pace: string) => `${pace} /km`,
  showing: (from: number, to: number, total: number) =>
    `Showing ${formatNumber(from)}–${formatNumber(to)} of ${countOf(total, 'result')}`,
  empty: 'No results match.',
  firstPage: 'Go to the first page',
  pagesLabel: 'Results pages',
  loadFailed: "We couldn't load these results. Please try again.",

  card: {
    /** The tab's title: 'Ana Lima · Lisbon Marathon'. */
    title: (name: string, raceTitle: string) => `${name} · ${raceTitle}`,
    notFound: 'Result not found.',
    time: 'Time',
    pace: 'Pace',
    chipTime: 'Chip time',
    gunTime: 'Gun time',
    status: 'Status',
    bib: 'Bib',
    share: 'Share',
    linkCopied: 'Link copied',
    copyThisLink: (url: string) => `Copy this link: ${url}`,
    /** What a shared result says: 'Ana Lima ran Lisbon Marathon in 3:25:12 · 12th of 3,402 · 3rd F 40–49'. */
    shareText: (name: string, raceTitle: string, time: string, placeLine: string | null) =>
      `${name} ran ${raceTitle} in ${time}${placeLine ? ` · ${placeLine}` : ''}`,
    /** A non-finisher's: 'Ana Lima at Lisbon Marathon: Did not finish'. */
    shareStatus: (name: string, raceTitle: string, status: string) => `${name} at ${raceTitle}: ${status}`,
    allResults: 'All results',
    loadFailed: "We couldn't load this result. Please try again.",
  },
} as const;

const RESULTS_RANK_BY_WORDS = { chip: 'chip time', gun: 'gun time' } as const satisfies Record<
  RankBy,
  string
>;

/** The desk's Results tab (issue 34); the tab's own name is in `results-tab-messages.ts`. */
export const RESULTS_DESK_MESSAGES = {
  heading: 'Results',
  intro:
    'Import the file of the timing company: a header row naming Bib, Chip Time and/or Gun Time, and Status (FIN, DNF, DNS or DQ). Check it first: nothing is stored until the file has no problems.',

  file: 'Results file (CSV)',
  fileHint: 'A CSV file of at most 10 MB, commas or semicolons.',
  chooseFile: 'Choose the results file first.',
  check: 'Check file',
  import: 'Import results',
  /** The report: '812 rows · 810 matched · 799 finishers'. */
  counts: (rows: number, matched: number, finishers: number) =>
    `${countOf(rows, 'row')} · ${formatNumber(matched)} matched · ${countOf(finishers, 'finisher')}`,
  unknownBibs: (bibs: readonly number[]) => `Unknown bibs: ${bibs.join(', ')}`,
  duplicateBibs: (bibs: readonly number[]) => `Duplicate bibs: ${bibs.join(', ')}`,
  problemsCaption: 'Problems in the file',
  problemColumns: { line: 'Line', column: 'Column', problem: 'Problem' },
  /** A problem of a whole row (no column). */
  wholeRow: '-',
  checked: 'The file has no problems: it is ready to import.',
  imported: 'Results imported.',
  importOutcome: outcomeSaying('Imported!', 'Importing the results failed.'),
  lastImport: (when: string) => `Last import: ${when}`,
  noImport: 'No results imported yet.',

  rankBy: 'Rank by',
  rankByChoices: { chip: 'Chip time', gun: 'Gun time' } as const satisfies Record<RankBy, string>,
  rankByHint: 'A finisher without that time is ranked by the other.',
  rankByDone: (rankBy: RankBy) => `Results are ranked by ${RESULTS_RANK_BY_WORDS[rankBy]}`,
  rankByOutcome: outcomeSaying('Saved!', 'Changing the ranking failed.'),

  publish: 'Publish results',
  unpublish: 'Unpublish results',
  published: 'Published',
  notPublished: 'Not published',
  publishHint: 'Publishing the first time mails each finisher their result.',
  publishedDone: (mailed: number) =>
    mailed > 0 ? `Results published: ${countOf(mailed, 'finisher')} mailed` : 'Results published',
  unpublishedDone: 'Results unpublished',
  publishOutcome: outcomeSaying('Done!', 'Publishing the results failed.'),

  viewPage: 'View results page',
  downloadCsv: 'Download results CSV',
  loadFailed: "We couldn't load this race's results. Please try again.",
} as const;
