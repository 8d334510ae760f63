import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config.js';

export type Mail = { to: string; subject: string; text: string; html: string };
export type Mailer = { send: (mail: Mail) => Promise<void> };

/**
 * Sends mail by SMTP when SMTP_URL is set. Otherwise (the embedded default) each mail is written to
 * DATA_DIR/outbox as an .eml file that any mail program opens, and logged, so a local user can follow its link.
 */
export function createMailer(mail: Config['mail'], log: FastifyBaseLogger): Mailer {
  if (mail.smtpUrl) {
    const transport = nodemailer.createTransport(mail.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: mail.from, ...message });
        log.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
    };
  }

  const outbox = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const { message: eml } = await outbox.sendMail({ from: mail.from, ...message });
      await mkdir(mail.outboxDir, { recursive: true });
      const file = path.join(
        mail.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${message.to}.eml`,
      );
      await writeFile(file, eml as Buffer);
      log.info(
        { to: message.to, subject: message.subject, file, text: message.text },
        'mail written to the outbox',
      );
    },
  };
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

export function passwordResetMail(user: { name: string; email: string }, url: string): Mail {
  const greeting = `Hello ${user.name || 'runner'},`;
  const body =
    'Someone asked to reset the password of your Stride account. The link below works once, for one hour.';
  const ignore = "If it wasn't you, ignore this mail: your password stays as it is.";
  return {
    to: user.email,
    subject: 'Reset your Stride password',
    text: `${greeting}\n\n${body}\n\n${url}\n\n${ignore}\n`,
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p><p><a href="${escapeHtml(url)}">Reset my password</a></p><p>${escapeHtml(ignore)}</p>`,
  };
}
