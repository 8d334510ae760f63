import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; raw: string; text: string };

/** Undoes quoted-printable (soft line breaks and =XX escapes), enough to read links in test mails. */
export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/**
 * A real SMTP server on 127.0.0.1 that keeps every mail it receives; with `refuseFirst`, it answers the first
 * that many mails "451 try again later", as a busy or recovering server does.
 */
export async function startSmtpReceiver({ refuseFirst = 0 } = {}) {
  const mails: ReceivedMail[] = [];
  let refusalsLeft = refuseFirst;
  let refused = 0;
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusalsLeft > 0) {
          refusalsLeft--;
          refused++;
          return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          text: decodeQuotedPrintable(raw),
        });
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  // A sender killed mid-session (a server process a test kills) resets its connection: not the receiver's fault.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** How many mails it has refused so far. */
    refused: () => refused,
    /** Resolves with the first mail to `address`, waiting for it to arrive. */
    async mailTo(address: string): Promise<ReceivedMail> {
      for (;;) {
        const mail = mails.find((candidate) => candidate.to.includes(address));
        if (mail) return mail;
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
