import { z } from 'zod';
import { isIsoDateTime, plainText } from './fields.js';
import { marathonSchema } from './marathon.js';

/**
 * Race day (issue 33): the race's team (co-organizers and check-in volunteers), the runner's race pass, and
 * check-in on any phone, offline included.
 */

/** What a member of a race's team may do: a co-organizer what the organizer does but delete it and manage the team;
 * a check-in volunteer read the roster and check runners in. */
export const STAFF_ROLES = ['coorganizer', 'checkin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
/** The caller's part in a race: its organizer or a member of its team. */
export const RACE_ROLES = ['organizer', ...STAFF_ROLES] as const;
export type RaceRole = (typeof RACE_ROLES)[number];
/** Each role in words, as the team's screens and the invitation mail name it. */
export const STAFF_ROLE_LABELS = {
  coorganizer: 'Co-organizer',
  checkin: 'Check-in volunteer',
} as const satisfies Record<StaffRole, string>;
export const STAFF_STATUSES = ['invited', 'active'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

export const RACE_DAY_LIMITS = {
  /** Scans in one POST …/checkins. */
  scansPerBatch: 500,
  /** A device's name, as the volunteer's phone calls itself ("phone 2"). */
  device: 60,
  /** How far back an offline scan's `at` is believed. */
  pastScanHours: 24,
  /** How long a check-in volunteer may undo their own check-in. */
  undoMinutes: 10,
  /** Members of one race's team. */
  teamSize: 200,
} as const;

export const STAFF_MESSAGES = {
  role: 'The role must be coorganizer or checkin',
  ownEmail: 'You organize this race: invite someone else',
  alreadyInvited: 'This email is already on the race’s team',
  teamFull: `A race's team has at most ${RACE_DAY_LIMITS.teamSize} members`,
  memberNotFound: 'Team member not found',
  invitationNotFound: 'Invitation not found',
  notOnTeam: 'You are not on this race’s team',
  onlyOrganizerTeam: 'Only the organizer can manage the team',
  onlyOrganizerDelete: 'Only the organizer can delete this race',
  checkinOnly: 'Check-in volunteers can only check runners in',
  token: 'token is required',
  declined: 'Invitation declined',
  removed: 'Team member removed',
} as const;

export const CHECKIN_RESULTS = ['checked_in', 'already', 'unknown', 'not_registered'] as const;
export type CheckinResult = (typeof CHECKIN_RESULTS)[number];

export const CHECKIN_MESSAGES = {
  scans: `scans must be a list of 1 to ${RACE_DAY_LIMITS.scansPerBatch} scans`,
  scanId: 'scanId must be a UUID',
  oneKey: 'A scan has exactly one of code, bib and registrationId',
  at: 'at must be an ISO 8601 date and time',
  device: `device must be at most ${RACE_DAY_LIMITS.device} characters`,
  since: 'since must be a cursor from an earlier roster',
  notCheckedIn: 'This runner is not checked in',
  notYours: 'Only the organizer or a co-organizer can undo another volunteer’s check-in',
  tooLate: `A check-in can be undone within ${RACE_DAY_LIMITS.undoMinutes} minutes`,
  noPass: {
    waitlisted: 'You are on the waitlist: your race pass comes with a place.',
    pending_payment: 'Your place is held while you pay: your race pass comes with the payment.',
    cancelled: 'This entry was cancelled: it has no race pass.',
    expired: 'This entry’s hold ran out: it has no race pass.',
  },
} as const;

/** The text a race pass's QR code holds. */
export const CHECKIN_QR_PREFIX = 'stride:checkin:';
export const checkinQrText = (checkinCode: string) => `${CHECKIN_QR_PREFIX}${checkinCode}`;
/** The check-in code a scanned text holds, or null when it is not a race pass's. */
export function checkinCodeOf(scanned: string): string | null {
  const text = scanned.trim();
  return text.startsWith(CHECKIN_QR_PREFIX) && text.length > CHECKIN_QR_PREFIX.length
    ? text.slice(CHECKIN_QR_PREFIX.length)
    : null;
}

// --- The team ---

const roleField = z.enum(STAFF_ROLES, { error: STAFF_MESSAGES.role });

export const staffInviteSchema = z.object({
  email: z
    .email('Enter a valid email address')
    .max(254, 'Enter a valid email address')
    .transform((email) => email.toLowerCase()),
  role: roleField,
});
export type StaffInvite = z.output<typeof staffInviteSchema>;

export const staffRoleSchema = z.object({ role: roleField });
export const staffTokenSchema = z.object({
  token: z.string({ error: STAFF_MESSAGES.token }).min(1, STAFF_MESSAGES.token),
});
export const staffIdParamSchema = z.object({
  id: z.string().transform((id) => id.toLowerCase()),
  staffId: z.string().transform((id) => id.toLowerCase()),
});

/** A member of a race's team, invited or active. */
export const staffMemberSchema = z.object({
  _id: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  status: z.enum(STAFF_STATUSES),
  /** The member's name once they accepted; null while invited. */
  name: z.string().nullable(),
  invitedAt: z.iso.datetime(),
  acceptedAt: z.iso.datetime().nullable(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** An invitation waiting for the signed-in user (GET /api/my-staff-invitations). */
export const staffInvitationSchema = z.object({
  _id: z.string(),
  role: z.enum(STAFF_ROLES),
  invitedAt: z.iso.datetime(),
  marathonId: z.string(),
  marathonTitle: z.string(),
  marathonDate: z.iso.datetime(),
  marathonTimeZone: z.string(),
  organizerName: z.string(),
});
export type StaffInvitation = z.infer<typeof staffInvitationSchema>;

// --- Check-in ---

/** A registered runner as a check-in phone keeps them. `codeHash`: lowercase hex SHA-256 of the check-in code. */
export const rosterEntrySchema = z.object({
  registrationId: z.string(),
  bib: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  codeHash: z.string(),
  checkedInAt: z.iso.datetime().nullable(),
  checkedInBy: z.string().nullable(),
});
export type RosterEntry = z.infer<typeof rosterEntrySchema>;

export const rosterQuerySchema = z.object({
  since: z
    .string()
    .regex(/^\d{1,20}$/, CHECKIN_MESSAGES.since)
    .optional(),
});

export const rosterSchema = z.object({
  /** Pass it back as `since` for what changed after this answer. */
  cursor: z.string(),
  entries: z.array(rosterEntrySchema),
  /** Entries that left the roster (withdrawn, cancelled, deleted) since `since`; empty without it. */
  removed: z.array(z.string()),
});
export type Roster = z.infer<typeof rosterSchema>;

const scanSchema = z
  .object({
    scanId: z.uuid(CHECKIN_MESSAGES.scanId),
    code: z.string().min(1).max(200).optional(),
    bib: z.number().int().min(1).optional(),
    registrationId: z.string().min(1).max(100).optional(),
    at: z.string({ error: CHECKIN_MESSAGES.at }).refine(isIsoDateTime, CHECKIN_MESSAGES.at).optional(),
    device: plainText('device').max(RACE_DAY_LIMITS.device, CHECKIN_MESSAGES.device).optional(),
  })
  .refine(
    (scan) => [scan.code, scan.bib, scan.registrationId].filter((key) => key !== undefined).length === 1,
    { message: CHECKIN_MESSAGES.oneKey },
  );
export type Scan = z.output<typeof scanSchema>;

export const checkinsRequestSchema = z.object({
  scans: z
    .array(scanSchema, { error: CHECKIN_MESSAGES.scans })
    .min(1, CHECKIN_MESSAGES.scans)
    .max(RACE_DAY_LIMITS.scansPerBatch, CHECKIN_MESSAGES.scans),
});

/** What a scan came to: for "already", the first check-in's time, person and device. */
export const scanResultSchema = z.object({
  scanId: z.string(),
  result: z.enum(CHECKIN_RESULTS),
  registrationId: z.string().nullable(),
  bib: z.number().int().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  checkedInAt: z.iso.datetime().nullable(),
  checkedInBy: z.string().nullable(),
  device: z.string().nullable(),
});
export type ScanResult = z.infer<typeof scanResultSchema>;
export const checkinsResponseSchema = z.object({ results: z.array(scanResultSchema) });

export const checkinParamSchema = z.object({
  id: z.string().transform((id) => id.toLowerCase()),
  registrationId: z.string().transform((id) => id.toLowerCase()),
});

/** A race the caller helps with (GET /api/my-staff-races): the race, and the caller's role in it. */
export const staffRaceSchema = marathonSchema.extend({ role: z.enum(STAFF_ROLES) });
export type StaffRace = z.infer<typeof staffRaceSchema>;
export const staffRaceListSchema = z.array(staffRaceSchema);
