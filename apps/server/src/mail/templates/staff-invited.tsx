import { STAFF_ROLE_LABELS, type StaffRole } from '@stride/shared';
import { mailLinks } from '../mail-links.js';
import type { RaceFacts } from '../mail-payloads.js';
import { MailLayout, MailLink, Paragraph } from './layout.js';
import { RaceFactList } from './race-details.js';

/** What each role lets the invitee do on the race, as the invitation says it. */
const ROLE_DUTIES: Record<StaffRole, string> = {
  coorganizer: 'change the race, see and export its entries, cancel entries and check runners in',
  checkin: 'check runners in on race day, on your phone',
};

type StaffInvitedMailProps = {
  race: RaceFacts;
  role: StaffRole;
  organizerName: string;
  token: string;
  publicUrl: string;
};

/** A race's organizer invites someone onto its team; the link accepts or declines, signed in with this address. */
export function StaffInvitedMail({ race, role, organizerName, token, publicUrl }: StaffInvitedMailProps) {
  const roleName = STAFF_ROLE_LABELS[role].toLowerCase();
  return (
    <MailLayout
      preview={`${organizerName} invites you to help with ${race.title} as ${roleName}.`}
      heading="You're invited to a race's team"
      publicUrl={publicUrl}
    >
      <Paragraph>Hello,</Paragraph>
      <Paragraph>
        {organizerName} invites you to help with {race.title} as {STAFF_ROLE_LABELS[role]}: you would{' '}
        {ROLE_DUTIES[role]}.
      </Paragraph>
      <Paragraph>
        <MailLink href={mailLinks.teamInvitations(publicUrl, token)}>
          Accept or decline the invitation
        </MailLink>
      </Paragraph>
      <Paragraph>
        Sign in to Stride with this e-mail address (or sign up with it) to answer. If you did not expect this
        invitation, ignore this mail: nothing changes.
      </Paragraph>
      <RaceFactList race={race} />
    </MailLayout>
  );
}
