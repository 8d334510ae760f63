import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  RACE_DAY_LIMITS,
  STAFF_MESSAGES,
  TOTAL_COUNT_HEADER,
  deletedSchema,
  idParamSchema,
  optionalPageQuerySchema,
  recordIdParam,
  requestedPage,
  staffIdParamSchema,
  staffInvitationSchema,
  staffInviteSchema,
  staffMemberSchema,
  staffRaceListSchema,
  staffRoleSchema,
} from '@stride/shared';
import { errorResponses } from '../../lib/error-responses.js';
import { sendSerializedJson } from '../../lib/serialized-json.js';
import type { StaffReads } from './staff.reads.js';
import type { StaffService } from './staff.service.js';

const tags = ['staff'];
const teamErrors = errorResponses(400, 401, 403, 404, 409);
const invitationParams = z.object({ staffId: recordIdParam });
/**
 * The answer to an invitation: the token of its mail's link. Sent without one, it is refused as a wrong one is
 * (404), so nobody learns more from leaving it out.
 */
const invitationAnswerSchema = z.object({
  token: z.string().optional().describe("The token of the invitation mail's link"),
});

/** A race's team and one's own part in others' races (signed-in scope). */
export const staffRoutes: FastifyPluginAsyncZod<{ service: StaffService; reads: StaffReads }> = async (
  app,
  { service, reads },
) => {
  app.post(
    '/api/marathons/:id/staff',
    {
      schema: {
        operationId: 'inviteStaffMember',
        tags,
        summary:
          `Invite someone onto your race's team by e-mail, as coorganizer or checkin (at most ${RACE_DAY_LIMITS.teamSize}): ` +
          'they are mailed a link to accept',
        params: idParamSchema,
        body: staffInviteSchema,
        response: { 201: staffMemberSchema, ...teamErrors },
      },
    },
    async (request, reply) => {
      const member = await service.invite(request.user, request.params.id, request.body);
      return reply.status(201).send(member);
    },
  );

  app.get(
    '/api/marathons/:id/staff',
    {
      schema: {
        operationId: 'listStaffMembers',
        tags,
        summary:
          "The race's team, invited and active, the oldest invitation first (organizer and co-organizers)",
        params: idParamSchema,
        response: { 200: z.array(staffMemberSchema), ...teamErrors },
      },
    },
    async (request) => reads.team(request.user, request.params.id),
  );

  app.patch(
    '/api/marathons/:id/staff/:staffId',
    {
      schema: {
        operationId: 'updateStaffMember',
        tags,
        summary: "Change a team member's role: it holds from their next request",
        params: staffIdParamSchema,
        body: staffRoleSchema,
        response: { 200: staffMemberSchema, ...teamErrors },
      },
    },
    async (request) => {
      const { id, staffId } = request.params;
      return service.changeRole(request.user, id, staffId, request.body.role);
    },
  );

  app.delete(
    '/api/marathons/:id/staff/:staffId',
    {
      schema: {
        operationId: 'removeStaffMember',
        tags,
        summary: 'End a membership or withdraw an invitation: it holds from their next request',
        params: staffIdParamSchema,
        response: { 200: deletedSchema, ...teamErrors },
      },
    },
    async (request) => {
      const { id, staffId } = request.params;
      await service.removeMember(request.user, id, staffId);
      return { success: true as const, message: STAFF_MESSAGES.removed, deletedCount: 1 };
    },
  );

  app.get(
    '/api/my-staff-invitations',
    {
      schema: {
        operationId: 'listMyStaffInvitations',
        tags,
        summary: "Invitations onto races' teams waiting for your e-mail address, the oldest first",
        response: { 200: z.array(staffInvitationSchema), ...errorResponses(401) },
      },
    },
    async (request) => reads.invitationsTo(request.user),
  );

  app.post(
    '/api/staff/:staffId/accept',
    {
      schema: {
        operationId: 'acceptStaffInvitation',
        tags,
        summary: "Join a race's team: the invitation to your address, with the token its mail links with",
        params: invitationParams,
        body: invitationAnswerSchema,
        response: { 200: staffMemberSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.accept(request.user, request.params.staffId, request.body.token ?? ''),
  );

  app.post(
    '/api/staff/:staffId/decline',
    {
      schema: {
        operationId: 'declineStaffInvitation',
        tags,
        summary: 'Decline an invitation to your address, with the token its mail links with: it is deleted',
        params: invitationParams,
        body: invitationAnswerSchema,
        response: { 200: deletedSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      await service.decline(request.user, request.params.staffId, request.body.token ?? '');
      return { success: true as const, message: STAFF_MESSAGES.declined, deletedCount: 1 };
    },
  );

  app.get(
    '/api/my-staff-races',
    {
      schema: {
        operationId: 'listMyStaffRaces',
        tags,
        summary:
          'The races you help with and your role in each, soonest start first: all of them, or a page with page/limit (the total in the X-Total-Count header)',
        querystring: optionalPageQuerySchema,
        response: { 200: staffRaceListSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const page = requestedPage(request.query);
      const { body, total } = await reads.staffRaces(request.user, page);
      if (total !== undefined) reply.header(TOTAL_COUNT_HEADER, total);
      return sendSerializedJson(reply, body);
    },
  );
};
