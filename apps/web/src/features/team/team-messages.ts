import { STAFF_ROLE_LABELS, type StaffRole, type StaffStatus } from '@stride/shared';
import {
  outcomeSaying,
  type ConfirmMessages,
  type OutcomeMessages,
  type RemovalMessages,
} from '../../lib/record-messages';

/** A role on a race's team as people read it (as the invitation mail names it too). */
const ROLE_LABELS = STAFF_ROLE_LABELS;

/**
 * User-facing texts of a race's team (issue 33): the desk's Team tab, "Races I help with" and "Invitations",
 * shared by the screens and their tests.
 */
export const TEAM_MESSAGES = {
  roles: ROLE_LABELS,
  statuses: { invited: 'Invited', active: 'Active' } as const satisfies Record<StaffStatus, string>,

  /** The desk's tabs. */
  tabs: { label: 'Race desk', participants: 'Participants', team: 'Team' },

  tab: {
    title: (raceTitle: string) => `Team · ${raceTitle}`,
    heading: 'Team',
    intro:
      'Co-organizers do what you do on this race, except delete it and manage its team. Check-in volunteers check runners in on race day.',
    readOnly: 'Only the organizer can invite, change or remove team members.',
    caption: 'Team members',
    empty: 'No one is on this race’s team yet.',
    columns: { email: 'Email', name: 'Name', role: 'Role', status: 'Status' },
    /** A member who has not accepted yet has no name. */
    noName: '-',
    loadFailed: "We couldn't load this race's team. Please try again.",
  },

  invite: {
    heading: 'Invite a team member',
    email: 'Email',
    emailHint: 'They get an e-mail with a link to accept.',
    role: 'Role',
    submit: 'Invite',
    sent: (email: string) => `Invitation sent to ${email}`,
    outcome: outcomeSaying('Invited!', 'Sending the invitation failed.'),
  },

  changeRole: {
    /** The button that gives a member the other role: 'Make check-in volunteer'. */
    button: (role: StaffRole) => `Make ${ROLE_LABELS[role].toLowerCase()}`,
    of: (email: string) => ` (${email})`,
    confirm: (email: string, role: StaffRole): ConfirmMessages => ({
      title: 'Change this role?',
      text: `${email} becomes a ${ROLE_LABELS[role].toLowerCase()} at once.`,
      confirmButton: 'Yes, change it',
      keepButton: 'Keep it',
    }),
    done: (email: string, role: StaffRole) => `${email} is now a ${ROLE_LABELS[role].toLowerCase()}`,
    outcome: outcomeSaying('Changed!', 'Changing the role failed.'),
  },

  remove: {
    button: 'Remove',
    of: (email: string) => ` ${email}`,
    messages: (email: string, status: StaffStatus): RemovalMessages => ({
      confirm: {
        title: 'Remove from the team?',
        text:
          status === 'invited'
            ? `The invitation to ${email} is withdrawn: its link stops working.`
            : `${email} loses access to this race at once.`,
        confirmButton: 'Yes, remove',
        keepButton: 'Keep',
      },
      outcome: outcomeSaying('Removed!', 'Removing the team member failed.'),
    }),
    done: (email: string) => `${email} is no longer on the team`,
  },

  races: {
    title: 'Races I help with',
    heading: 'Races I help with',
    caption: 'Races you help with',
    empty: 'You are not on any race’s team yet. An organizer invites you by e-mail.',
    invitationsLink: 'See your invitations',
    columns: { title: 'Marathon Name', date: 'Date', role: 'Your role' },
    desk: 'Race desk',
    edit: 'Update',
    checkIn: 'Check in runners',
    /** The rest of a row's link names for screen readers: 'Race desk of Lisbon Marathon'. */
    of: (title: string) => ` of ${title}`,
    for: (title: string) => ` for ${title}`,
    pagesLabel: 'Races I help with pages',
    loadFailed: "We couldn't load the races you help with. Please try again.",
  },

  invitations: {
    title: 'Invitations',
    heading: 'Invitations',
    caption: 'Invitations to join a race’s team',
    /** Without the mail's token, the page can list the invitations but not answer them. */
    openTheMail: 'To accept or decline, open the link in the invitation e-mail.',
    none: (email: string) =>
      `No invitation is waiting for ${email}. An invitation is for the e-mail address it was sent to.`,
    invite: (organizer: string, role: StaffRole) =>
      `${organizer} invites you to help as a ${ROLE_LABELS[role].toLowerCase()}.`,
    raceDate: (date: string) => `Race day: ${date}`,
    accept: 'Accept',
    decline: 'Decline',
    /** The rest of the buttons' names: 'Accept the invitation to Lisbon Marathon'. */
    to: (title: string) => ` the invitation to ${title}`,
    accepted: (title: string, role: StaffRole) =>
      `You joined the team of ${title} as a ${ROLE_LABELS[role].toLowerCase()}.`,
    declined: (title: string) => `You declined the invitation to ${title}.`,
    racesLink: 'Go to Races I help with',
    declineConfirm: (title: string): ConfirmMessages => ({
      title: 'Decline this invitation?',
      text: `You will not join the team of ${title}. The organizer can invite you again.`,
      confirmButton: 'Yes, decline',
      keepButton: 'Not now',
    }),
    /** The link's token is not this invitation's, or it was withdrawn (the API's 404). */
    outcome: {
      doneTitle: 'Done!',
      refused: {
        title: 'Failed!',
        fallback: 'This link does not answer this invitation: it may have been withdrawn.',
      },
      failed: { title: 'Error!', text: 'Answering the invitation failed.' },
    } satisfies OutcomeMessages,
    loadFailed: "We couldn't load your invitations. Please try again.",
  },
} as const;
