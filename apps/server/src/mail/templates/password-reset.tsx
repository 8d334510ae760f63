import { MailLayout, MailLink, Paragraph } from './layout.js';

type PasswordResetMailProps = { name: string; url: string; publicUrl: string };

export function PasswordResetMail({ name, url, publicUrl }: PasswordResetMailProps) {
  return (
    <MailLayout
      preview="Reset the password of your Stride account."
      heading="Reset your password"
      publicUrl={publicUrl}
    >
      <Paragraph>Hello {name || 'runner'},</Paragraph>
      <Paragraph>
        Someone asked to reset the password of your Stride account. The link below works once, for one hour.
      </Paragraph>
      <Paragraph>
        <MailLink href={url}>Reset my password</MailLink>
      </Paragraph>
      <Paragraph>If it wasn&apos;t you, ignore this mail: your password stays as it is.</Paragraph>
    </MailLayout>
  );
}
