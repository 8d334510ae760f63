import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCOUNT_MESSAGES,
  accountDeletedSchema,
  accountDeletionPreviewSchema,
  accountExportSchema,
  dashboardSchema,
  deleteAccountSchema,
} from '@stride/shared';
import { errorResponses } from '../../lib/error-responses.js';
import { clearSessionCookies, findSessionStart } from '../../plugins/auth/session.js';
import type { AccountReads } from './accounts.reads.js';
import type { AccountsService } from './accounts.service.js';

const tags = ['account'];

/** The file name of the account's data: `stride-my-data-2026-11-26.json`. */
const exportFilename = (at: Date) => `stride-my-data-${at.toISOString().slice(0, 10)}.json`;

/** The signed-in account (signed-in scope): the dashboard's home, its data, its deletion. */
export const accountsRoutes: FastifyPluginAsyncZod<{
  service: AccountsService;
  reads: AccountReads;
}> = async (app, { service, reads }) => {
  app.get(
    '/api/me/dashboard',
    {
      schema: {
        operationId: 'getMyDashboard',
        tags,
        summary:
          "The dashboard's home: the runner's entry in their next race, and the organizer's races not started yet (soonest first) with their counts",
        response: { 200: dashboardSchema, ...errorResponses(401) },
      },
    },
    (request) => reads.dashboard(request.user.id),
  );

  app.get(
    '/api/me/export',
    {
      schema: {
        operationId: 'exportMyData',
        tags,
        summary:
          'Download everything Stride keeps about the account as a JSON file: the account, every registration with its answers, every race organized',
        response: { 200: accountExportSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const data = await reads.exportData(request.user.id);
      return reply
        .header('content-disposition', `attachment; filename="${exportFilename(new Date(data.exportedAt))}"`)
        .send(data);
    },
  );

  app.get(
    '/api/me/deletion-preview',
    {
      schema: {
        operationId: 'previewAccountDeletion',
        tags,
        summary:
          'What deleting the account would withdraw and delete, and which of its races (those with runners) stop it',
        response: { 200: accountDeletionPreviewSchema, ...errorResponses(401) },
      },
    },
    (request) => reads.deletionPreview(request.user.id),
  );

  app.delete(
    '/api/me',
    {
      schema: {
        operationId: 'deleteMyAccount',
        tags,
        summary:
          'Delete the account with its sessions and personal data, given its password (or, without one, a sign-in of the last 5 minutes): its entries are withdrawn as if cancelled; refused (409) while races it organizes have runners',
        body: deleteAccountSchema,
        response: { 200: accountDeletedSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const signedInAt = await findSessionStart(request);
      const deleted = await service.deleteAccount(request.user.id, {
        password: request.body.password,
        signedInAt,
      });
      await clearSessionCookies(request, reply);
      return { success: true as const, message: ACCOUNT_MESSAGES.deleted, ...deleted };
    },
  );
};
