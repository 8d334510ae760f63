import { countOf, formatNumber } from '../../lib/counts';
import { outcomeSaying } from '../../lib/record-messages';

/**
 * User-facing texts of a race's ballot (issue 35): its public record and the desk's Ballot tab, shared by the
 * screens and their tests.
 */
export const BALLOT_MESSAGES = {
  /** The record's page: 'Ballot · Lisbon Marathon'. */
  title: (raceTitle: string) => `Ballot · ${raceTitle}`,
  caption: 'Ballot record',
  notFound: 'Marathon not found',
  notBallot: 'This race is not entered by ballot.',
  raceLink: 'Race page',
  intro:
    'Anyone can check this draw. When entries close, the SHA-256 of a random seed is published here; at the draw the seed itself is. Sort the entry ids, shuffle them with the seed as the algorithm says, and you get the drawn order below.',

  facts: {
    entries: 'Entries',
    places: 'Places',
    noLimit: 'No limit: every entry wins',
    drawAt: 'Draw',
    commitment: 'Seed commitment (SHA-256)',
    commitmentLater: 'Published when entries close',
    seed: 'Seed',
    seedLater: 'Published at the draw',
    drawnAt: 'Drawn at',
    notDrawn: 'Not drawn yet',
    winners: 'Winners',
    algorithm: 'Algorithm',
  },
  downloadCsv: 'Download the drawn order (CSV)',

  /** The desk's Ballot tab. */
  desk: {
    heading: 'Ballot',
    intro:
      'The ballot draws itself at the draw date. Once entries close you can draw it now instead; every entrant is told the outcome by e-mail.',
    draw: 'Draw the ballot now',
    /** Beside the disabled button, before entries close. */
    drawOnceClosed: (end: string) => `The ballot can be drawn once entries close on ${end}.`,
    confirm: (entries: number, places: number | null) => ({
      title: 'Draw the ballot now?',
      text:
        places === null
          ? `Every one of the ${countOf(entries, 'entry', 'entries')} wins a place, in drawn order.`
          : `${countOf(places, 'place')} are drawn among ${countOf(entries, 'entry', 'entries')}; the others join the waitlist in drawn order.`,
      detail: 'Every entrant is told the outcome by e-mail. A draw cannot be undone.',
      confirmButton: 'Yes, draw it',
      keepButton: 'Not yet',
    }),
    drawn: (winners: number, entries: number) =>
      `Ballot drawn: ${formatNumber(winners)} of ${countOf(entries, 'entry', 'entries')} won a place`,
    outcome: outcomeSaying('Drawn!', 'Drawing the ballot failed.'),
    viewRecord: 'View the public record',
  },
  loadFailed: "We couldn't load this ballot. Please try again.",
} as const;
