import type { FastifyReply } from 'fastify';

export const CALENDAR_CONTENT_TYPE = 'text/calendar';

/** An iCalendar file to download. */
export type CalendarFile = { filename: string; content: string };

/** Answers with the file, for a calendar program to open ("Add to calendar"). */
export function sendCalendar(reply: FastifyReply, { filename, content }: CalendarFile) {
  return reply
    .type(`${CALENDAR_CONTENT_TYPE}; charset=utf-8`)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(content);
}
