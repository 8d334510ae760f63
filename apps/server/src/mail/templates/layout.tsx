// One package per component, not @react-email/components: its barrel also loads code highlighting and
// markdown, twice the memory for nothing we use.
import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { CSSProperties, ReactNode } from 'react';

/** The web app's daisyUI colours (light theme, and the dark theme as apps/web/src/styles.css adjusts it), as hex. */
const light = {
  brand: '#422ad5',
  onBrand: '#ffffff',
  page: '#f8f8f8',
  card: '#ffffff',
  text: '#18181b',
  muted: '#52525b',
  rule: '#e4e4e7',
};
const dark = {
  page: '#191e24',
  card: '#1d232a',
  text: '#ecf9ff',
  muted: '#a6adbb',
  link: '#969fff',
  rule: '#2f3742',
};

/**
 * Inline styles are the light look. Clients that honour prefers-color-scheme switch to the dark one through
 * these classes; `!important` because it must beat the inline styles.
 */
const darkModeCss = `
  :root { color-scheme: light dark; supported-color-schemes: light dark; }
  @media (prefers-color-scheme: dark) {
    .stride-page, .stride-page > table > tbody > tr > td { background-color: ${dark.page} !important; }
    .stride-card { background-color: ${dark.card} !important; color: ${dark.text} !important; }
    .stride-card h1, .stride-card h2, .stride-card p { color: ${dark.text} !important; }
    .stride-card a { color: ${dark.link} !important; }
    .stride-card .stride-muted { color: ${dark.muted} !important; }
    .stride-card hr { border-color: ${dark.rule} !important; }
  }
`;

const fontFamily =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";

const styles = {
  page: { backgroundColor: light.page, color: light.text, fontFamily, margin: 0, padding: '16px 8px' },
  container: { maxWidth: '600px', width: '100%', margin: '0 auto' },
  brandBar: { backgroundColor: light.brand, borderRadius: '8px 8px 0 0', padding: '12px 24px' },
  brandName: { color: light.onBrand, fontSize: '20px', fontWeight: 700, letterSpacing: '0.02em', margin: 0 },
  card: {
    backgroundColor: light.card,
    color: light.text,
    borderRadius: '0 0 8px 8px',
    padding: '8px 24px 16px',
  },
  heading: { fontSize: '22px', lineHeight: '1.3', margin: '16px 0 8px' },
  rule: { borderColor: light.rule, margin: '24px 0 12px' },
  footer: { color: light.muted, fontSize: '13px', lineHeight: '1.5', margin: 0 },
  // Titles, names and links can be long unbroken strings; let them wrap instead of widening the mail.
  text: { fontSize: '16px', lineHeight: '1.5', overflowWrap: 'anywhere' },
  link: { color: light.brand, textDecorationLine: 'underline' },
  sectionHeading: { fontSize: '17px', lineHeight: '1.4', margin: '24px 0 4px' },
} satisfies Record<string, CSSProperties>;

type MailLayoutProps = {
  /** The line a mail program shows next to the subject. */
  preview: string;
  heading: string;
  publicUrl: string;
  children: ReactNode;
};

/** The frame of every Stride mail: brand bar, heading, content, footer. No images, no remote resources. */
export function MailLayout({ preview, heading, publicUrl, children }: MailLayoutProps) {
  return (
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <style>{darkModeCss}</style>
      </Head>
      <Preview>{preview}</Preview>
      <Body className="stride-page" style={styles.page}>
        <Container style={styles.container}>
          <Section style={styles.brandBar}>
            <Text style={styles.brandName}>Stride</Text>
          </Section>
          <Section className="stride-card" style={styles.card}>
            <Heading as="h1" style={styles.heading}>
              {heading}
            </Heading>
            {children}
            <Hr style={styles.rule} />
            <Text className="stride-muted" style={styles.footer}>
              Sent by Stride, marathon registration: <MailLink href={publicUrl}>{publicUrl}</MailLink>
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={styles.text}>{children}</Text>;
}

export function SectionHeading({ children }: { children: ReactNode }) {
  return (
    <Heading as="h2" style={styles.sectionHeading}>
      {children}
    </Heading>
  );
}

export function MailLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} style={styles.link}>
      {children}
    </Link>
  );
}

/** Label–value lines in one paragraph, so the plain-text part reads "Label: value" without blank lines between. */
export function FactList({ facts }: { facts: ReadonlyArray<readonly [label: string, value: ReactNode]> }) {
  return (
    <Text style={styles.text}>
      {facts.map(([label, value], index) => (
        <span key={label}>
          {index > 0 && <br />}
          <strong>{label}:</strong> {value}
        </span>
      ))}
    </Text>
  );
}
