import type { APIRequestContext } from '@playwright/test';
import { counterparts } from '../playwright.config';

/** A mail as the local mail catcher (e2e/support/mail-catcher.mjs) received it; `text` is the raw message. */
export type CaughtMail = { to: string[]; subject: string; text: string };

const mailCatcher = `http://127.0.0.1:${counterparts.mailHttpPort}`;

/** Every mail the catcher has received for `address`, oldest first. */
export async function mailsTo(request: APIRequestContext, address: string): Promise<CaughtMail[]> {
  const response = await request.get(`${mailCatcher}/messages?to=${encodeURIComponent(address)}`);
  return (await response.json()) as CaughtMail[];
}

export type MimePart = { headers: Record<string, string>; body: string };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A header block's fields, names in lower case, folded lines joined. */
function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** A part's body with its Content-Transfer-Encoding undone (quoted-printable the catcher has undone already). */
function decodeBody(part: MimePart): string {
  if (part.headers['content-transfer-encoding']?.toLowerCase() !== 'base64') return part.body;
  // Lenient on purpose: the catcher's quoted-printable pass may have eaten a padding `=` before a line break.
  return Buffer.from(part.body.replace(/[^A-Za-z0-9+/]/g, ''), 'base64').toString('utf8');
}

/**
 * The leaf parts of a raw MIME message (any nesting of multiparts), each body decoded. Enough for a test: it
 * splits on every boundary the message declares and reads each piece's headers.
 */
export function mimeParts(raw: string): MimePart[] {
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((match) => match[1]!);
  if (boundaries.length === 0) return [];
  const delimiter = new RegExp(boundaries.map((boundary) => `--${escapeRegExp(boundary)}(?:--)?`).join('|'));
  return raw
    .split(delimiter)
    .slice(1)
    .map((piece) => piece.replace(/^\r?\n/, ''))
    .map((piece) => {
      const end = /\r?\n\r?\n/.exec(piece);
      if (!end) return null;
      const part = {
        headers: parseHeaders(piece.slice(0, end.index)),
        body: piece.slice(end.index + end[0].length),
      };
      return { ...part, body: decodeBody(part) };
    })
    .filter(
      (part): part is MimePart => part !== null && !/^multipart\//i.test(part.headers['content-type'] ?? ''),
    );
}

/** Every `text/calendar` part of a raw message, its body decoded and iCalendar's folded lines joined. */
export function calendarParts(raw: string): MimePart[] {
  return mimeParts(raw)
    .filter((part) => /^text\/calendar\b/i.test(part.headers['content-type'] ?? ''))
    .map((part) => ({ ...part, body: unfoldICalendar(part.body) }));
}

/** RFC 5545 §3.1: a line break followed by a space or tab continues the line before it. */
export function unfoldICalendar(text: string): string {
  return text.replace(/\r?\n[ \t]/g, '');
}
