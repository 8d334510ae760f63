import { MailLayout, MailLink, Paragraph } from './layout.js';

type EmailChangeMailProps = { name: string; newEmail: string; url: string; publicUrl: string };

export function EmailChangeMail({ name, newEmail, url, publicUrl }: EmailChangeMailProps) {
  return (
    <MailLayout
      preview="Confirm the new e-mail address of your Stride account."
      heading="Confirm your new e-mail address"
      publicUrl={publicUrl}
    >
      <Paragraph>Hello {name || 'runner'},</Paragraph>
      <Paragraph>
        Your Stride account asked to use {newEmail} from now on. Follow the link below within one hour to make
        the change; until then you sign in with your current address.
      </Paragraph>
      <Paragraph>
        <MailLink href={url}>Use this address</MailLink>
      </Paragraph>
      <Paragraph>If it wasn&apos;t you, ignore this mail: nothing changes.</Paragraph>
    </MailLayout>
  );
}
