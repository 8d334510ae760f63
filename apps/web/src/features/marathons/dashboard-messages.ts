import type { Marathon } from '@stride/shared';
import { countOf, formatNumber } from '../../lib/counts';
import { type OutcomeMessages, type RemovalMessages, deleteRemovalSaying } from '../../lib/record-messages';

/**
 * User-facing texts of the dashboard's marathon screens, Add Marathon and My Marathons (docs/SPEC.md §2, §4, §8),
 * shared by the screens and their tests. Field labels are `MARATHON_FIELD_LABELS` in @stride/shared.
 */
export const MARATHON_DASHBOARD_MESSAGES = {
  addTitle: 'Add Marathon',
  addHeading: 'Add New Marathon',
  submit: 'Submit Marathon',
  addedTitle: 'Marathon Added!',
  addedText: 'Your marathon has been successfully added.',
  addFailedTitle: 'Error!',
  addFailedText: 'Failed to add marathon. Please try again.',

  listTitle: 'My Marathons',
  listHeading: 'Your Created Marathons',
  listCaption: 'Marathons you created',
  columns: {
    name: 'Marathon Name',
    date: 'Date',
    distance: 'Distance',
    location: 'Location',
    runners: 'Runners',
  },
  /** The Runners cell: registered / limit, and the waitlist ('7 / 10, waitlist 2'; '7 / no limit'). */
  runners: (registered: number, limit: number | null) =>
    `${formatNumber(registered)} / ${limit === null ? 'no limit' : formatNumber(limit)}`,
  withWaitlist: (runners: string, waitlisted: number) => `${runners}, waitlist ${formatNumber(waitlisted)}`,
  /** Deleting a race: docs/SPEC.md §8's dialog, saying below what goes with it. */
  deleteRemoval: ({ title, totalRegistrationCount, waitlistCount }: Marathon): RemovalMessages => {
    const entries = totalRegistrationCount + waitlistCount;
    return deleteRemovalSaying(
      entries === 0
        ? `${title} will be deleted.`
        : `${title} and its ${countOf(entries, 'registration')} will be deleted; every runner is told.`,
    );
  },
  /** A row's link to the race's participants: the visible text, then the rest of what screen readers hear. */
  participantsLink: 'Participants',
  participantsOf: (title: string) => `of ${title}`,
  empty: 'You have not created any marathons yet.',
  /** Names the pager below the table. */
  pagesLabel: 'My Marathons pages',
  loadFailed: "We couldn't load your marathons. Please try again.",

  updateHeading: 'Update Marathon',
  updateSubmit: 'Update Now',
  cancel: 'Cancel',
  /** Below the Participant Limit field. */
  capacityHint: 'Leave empty for no limit.',
  /** The poster's file input, beside the SPEC's address field (which an upload fills in). */
  uploadPoster: 'Upload a poster',
  /** What the poster's preview stands for while the form has no title yet. */
  untitledRace: 'New Marathon',
  /** Below the Time Zone field: 'Times are in Asia/Tokyo (GMT+9)'; 'Times are in UTC'. */
  timeZoneHint: (timeZone: string, shortName: string) =>
    shortName === timeZone ? `Times are in ${timeZone}` : `Times are in ${timeZone} (${shortName})`,
  update: {
    doneTitle: 'Updated!',
    refused: { title: 'Error', fallback: 'Update failed' },
    failed: { title: 'Error', text: 'Failed to update marathon' },
  } satisfies OutcomeMessages,
} as const;

/** The dashboard's home, the organizer's half: their races not started yet. */
export const UPCOMING_RACES_MESSAGES = {
  heading: 'Your upcoming races',
  none: 'You have no race ahead.',
  addMarathon: 'Add a marathon',
  openDesk: (title: string) => `Open the desk of ${title}`,
  /** Below the list when it shows only the soonest: how many there are, and where all of them are. */
  more: (shown: number, upcoming: number) => `${shown} of ${countOf(upcoming, 'upcoming race')}`,
  allRaces: 'All my marathons',
} as const;
