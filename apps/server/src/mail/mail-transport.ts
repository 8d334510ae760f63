import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config.js';
import { PRIVATE_FILE_MODE, makePrivateDir, makePrivateDirAndFiles } from '../platform/private-files.js';
import type { RenderedMail } from './mail-payloads.js';

/** A rendered mail addressed to one recipient, with the Message-ID it keeps across retries. */
export type OutgoingMail = RenderedMail & { to: string; messageId: string };
export type MailTransport = { send: (mail: OutgoingMail) => Promise<void>; close?: () => void };

/**
 * Sends mail by SMTP when SMTP_URL is set (a pool of connections, one per mail in flight). Otherwise (the
 * embedded default) each mail is written to DATA_DIR/outbox as an .eml file that any mail program opens,
 * named after its Message-ID so a retried mail replaces its earlier copy, and logged.
 */
export function createMailTransport(mail: Config['mail'], log: FastifyBaseLogger): MailTransport {
  const envelope = (message: OutgoingMail) => ({
    from: mail.from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    messageId: message.messageId,
    // Inline images are attachments with a Content-ID: nodemailer puts them in a multipart/related part.
    attachments: [...message.attachments, ...message.inlineImages],
  });

  if (mail.smtpUrl) {
    const transport = nodemailer.createTransport({
      url: mail.smtpUrl,
      pool: true,
      maxConnections: mail.worker.concurrency,
    });
    return {
      async send(message) {
        await transport.sendMail(envelope(message));
        log.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }

  const files = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  // A reset link in a mail signs into the account: only the server's own user may read the outbox.
  if (existsSync(mail.outboxDir)) makePrivateDirAndFiles(mail.outboxDir);
  return {
    async send(message) {
      const { message: eml } = await files.sendMail(envelope(message));
      makePrivateDir(mail.outboxDir);
      const name = message.messageId.replace(/^<|>$/g, '').replace(/[^\w.@-]/g, '_');
      const file = path.join(mail.outboxDir, `${name}.eml`);
      await writeFile(file, eml as Buffer, { mode: PRIVATE_FILE_MODE });
      log.info({ to: message.to, subject: message.subject, file }, 'mail written to the outbox');
    },
  };
}
