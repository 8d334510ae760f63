import { FactList, MailLayout, Paragraph } from './layout.js';
import { CalendarNote, formatRaceTime, type RegistrationMailProps } from './race-details.js';

export function RaceCancelledMail({ race, registration, publicUrl }: RegistrationMailProps) {
  return (
    <MailLayout
      preview={`${race.title} is cancelled by its organizer.`}
      heading="Race cancelled"
      publicUrl={publicUrl}
    >
      <Paragraph>Hello {registration.firstName},</Paragraph>
      <Paragraph>The organizer has cancelled this race, and your registration with it:</Paragraph>
      <FactList
        facts={[
          ['Race', race.title],
          ['Date', formatRaceTime(race.startDate, race.timeZone)],
          ['Location', race.location],
          ['Registration id', registration.id],
        ]}
      />
      <CalendarNote effect="removes the race from your calendar" />
    </MailLayout>
  );
}
