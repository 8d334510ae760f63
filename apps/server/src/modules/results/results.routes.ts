import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  RESULTS_LIMITS,
  RESULTS_MESSAGES,
  TOTAL_COUNT_HEADER,
  errorResponseSchema,
  idParamSchema,
  resultBibParamSchema,
  resultCardSchema,
  resultsImportQuerySchema,
  resultsPageSchema,
  resultsPublishSchema,
  resultsPublishedSchema,
  resultsQuerySchema,
  resultsRejectedSchema,
  resultsReportSchema,
} from '@stride/shared';
import { AppError } from '../../lib/app-error.js';
import { CSV_CONTENT_TYPE, sendCsv } from '../../lib/csv.js';
import { errorResponses } from '../../lib/error-responses.js';
import { sendSerializedJson } from '../../lib/serialized-json.js';
import type { ResultsReads } from './results.reads.js';
import type { ResultsService } from './results.service.js';

const tags = ['results'];

/** A race's results, read by anyone once published and by its team before (public scope). */
export const resultsRoutes: FastifyPluginAsyncZod<{ reads: ResultsReads }> = async (app, { reads }) => {
  app.get(
    '/api/marathons/:id/results',
    {
      schema: {
        operationId: 'listResults',
        tags,
        summary:
          'The race’s results in place order (finishers, then DNF, DNS, DQ), filtered by q (name or bib), gender, ' +
          'ageGroup and status, with the summary; the total is in X-Total-Count. Public once published, the ' +
          'race’s team only before',
        params: idParamSchema,
        querystring: resultsQuerySchema,
        response: { 200: resultsPageSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const { json, total } = await reads.page(await request.getUser(), request.params.id, request.query);
      return sendSerializedJson(
        reply.header(TOTAL_COUNT_HEADER, total).header('cache-control', 'no-cache'),
        json,
      );
    },
  );

  app.get(
    '/api/marathons/:id/results.csv',
    {
      schema: {
        operationId: 'downloadResultsCsv',
        tags,
        summary: 'The race’s results as a CSV file, with the same filters as the list',
        params: idParamSchema,
        querystring: resultsQuerySchema,
        produces: [CSV_CONTENT_TYPE],
        response: { 200: z.string().describe(CSV_CONTENT_TYPE), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const { filename, content } = await reads.csv(
        await request.getUser(),
        request.params.id,
        request.query,
      );
      return sendCsv(reply, filename, content);
    },
  );

  app.get(
    '/api/marathons/:id/results/:bib',
    {
      schema: {
        operationId: 'getResult',
        tags,
        summary: 'One runner’s result by bib, with the place line a result card shows',
        params: resultBibParamSchema,
        response: { 200: resultCardSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-cache')
        .send(await reads.card(await request.getUser(), request.params.id, request.params.bib)),
  );
};

/** Importing and publishing a race's results: its organizer and co-organizers (signed-in scope). */
export const resultsManageRoutes: FastifyPluginAsyncZod<{ service: ResultsService }> = async (
  app,
  { service },
) => {
  // The timer's file arrives as text; any other type is left unread and refused by the route (415, saying so).
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  app.addContentTypeParser(
    CSV_CONTENT_TYPE,
    { parseAs: 'string', bodyLimit: RESULTS_LIMITS.fileBytes },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/api/marathons/:id/results',
    {
      schema: {
        operationId: 'importResults',
        tags,
        summary:
          'Import the timer’s CSV (Content-Type: text/csv, at most 10 MB): Bib, Chip Time and/or Gun Time, Status. ' +
          'Answers the report; any problem, unknown or repeated bib is a 400 with the report and stores nothing. ' +
          'dryRun=true only checks. Stored results replace the last import',
        params: idParamSchema,
        querystring: resultsImportQuerySchema,
        response: {
          200: resultsReportSchema,
          400: resultsRejectedSchema.or(errorResponseSchema),
          ...errorResponses(401, 403, 404, 413, 415, 429),
        },
      },
      bodyLimit: RESULTS_LIMITS.fileBytes,
    },
    async (request, reply) => {
      const mediaType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (typeof request.body !== 'string' || mediaType !== CSV_CONTENT_TYPE) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', RESULTS_MESSAGES.notCsv);
      }
      const { refused, report } = await service.importFile(
        request.user,
        request.params.id,
        request.body,
        request.query.dryRun,
      );
      if (refused) return reply.status(400).send({ message: RESULTS_MESSAGES.rejected, ...report });
      return report;
    },
  );

  app.post(
    '/api/marathons/:id/results/publish',
    {
      schema: {
        operationId: 'publishResults',
        tags,
        summary:
          'Publish the results (anyone may read them) or take them back to the team; the first publication mails ' +
          'each finisher their result, once',
        params: idParamSchema,
        body: resultsPublishSchema,
        response: { 200: resultsPublishedSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => service.publish(request.user, request.params.id, request.body.published),
  );
};
