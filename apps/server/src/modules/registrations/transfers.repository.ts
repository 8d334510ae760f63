import { sql } from 'drizzle-orm';
import type { EntryDetailsChange, Transfer } from '@stride/shared';
import { LIVE_STATUSES } from '../../db/schema/index.js';
import { TRANSFER } from '../../db/transfer-shape.js';
import type { Executor } from '../../db/transaction.js';
import { PASS_REGISTRATION_FACTS, RACE_FACTS, REGISTRATION_FACTS } from '../../mail/fact-shapes.js';
import type { RaceFacts, RegistrationFacts } from '../../mail/mail-payloads.js';

const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

/** An entry as an offer of it is judged, with its race's transfer deadline. */
export type TransferableEntry = {
  userId: string;
  marathonId: string;
  status: string;
  checkedIn: boolean;
  transfersUntil: Date | null;
  fromName: string;
  fromEmail: string;
  hasOpenOffer: boolean;
  race: RaceFacts;
};

/** An offer as its receiver opens or accepts it: the offer, its entry and race as they stand. */
export type OfferRow = Transfer & {
  storedStatus: string;
  expired: boolean;
  registrationStatus: string;
  checkedIn: boolean;
  transfersOpen: boolean;
  fromName: string;
  fromUserId: string | null;
  /** The sender's address now (null when their account is gone). */
  senderEmail: string | null;
};

/** The receiver's details, checked against the race's form: they replace the sender's on the entry. */
export type ReceiverDetails = {
  firstName: string;
  lastName: string;
  contact: string;
  info: string;
  entry: EntryDetailsChange;
};

/** Transfers of entries between runners (issue 35): offers, and the entry changing hands. */
export function createTransfersRepository(db: Executor) {
  return {
    /** The entry as an offer judges it, its row locked for the rest of the transaction; null when none. */
    async findTransferable(registrationId: string): Promise<TransferableEntry | null> {
      const [row] = rowsOf<TransferableEntry & { transfersUntil: Date | string | null }>(
        await db.execute(sql`
          select registration.user_id as "userId", registration.marathon_id as "marathonId", registration.status,
            exists (select from checkins where checkins.registration_id = registration.id) as "checkedIn",
            race.transfers_until as "transfersUntil",
            registration.first_name || ' ' || registration.last_name as "fromName", runner.email as "fromEmail",
            exists (select from transfers transfer where transfer.registration_id = registration.id
              and transfer.status = 'offered' and transfer.expires_at > now()) as "hasOpenOffer",
            ${RACE_FACTS.jsonb} as race
          from registrations registration join marathons race on race.id = registration.marathon_id
            join users runner on runner.id = registration.user_id
          where registration.id = ${registrationId}
          for update of registration`),
      );
      if (!row) return null;
      return { ...row, transfersUntil: row.transfersUntil === null ? null : new Date(row.transfersUntil) };
    },

    /** A new offer (an expired one left open is closed first); answers it as the API does. */
    async createOffer(offer: {
      registrationId: string;
      marathonId: string;
      fromUserId: string;
      fromName: string;
      fromEmail: string;
      toEmail: string;
      tokenHash: string;
      expiresAt: Date;
    }): Promise<Transfer> {
      const [row] = rowsOf<Transfer>(
        await db.execute(sql`
          with lapsed as (
            update transfers set status = 'withdrawn'
            where registration_id = ${offer.registrationId} and status = 'offered' and expires_at <= now()
            returning id
          ), transfer as (
            insert into transfers (registration_id, marathon_id, from_user_id, from_name, from_email, to_email,
              token_hash, expires_at)
            select ${offer.registrationId}, ${offer.marathonId}, ${offer.fromUserId}, ${offer.fromName},
              ${offer.fromEmail}, ${offer.toEmail}, ${offer.tokenHash}, ${offer.expiresAt.toISOString()}::timestamptz
            from (select count(*) from lapsed) as closed_first
            returning *
          )
          select ${TRANSFER.columns} from transfer`),
      );
      return row!;
    },

    /** Withdraws the entry's open offer; false when it has none. */
    async withdrawOffer(registrationId: string): Promise<boolean> {
      const rows = rowsOf<{ id: string }>(
        await db.execute(sql`
          update transfers set status = 'withdrawn'
          where registration_id = ${registrationId} and status = 'offered' and expires_at > now()
          returning id`),
      );
      return rows.length > 0;
    },

    /** The race of the offer with this token hash (to lock it first), or null. */
    async findRaceOfOffer(tokenHash: string): Promise<string | null> {
      const [row] = rowsOf<{ marathonId: string }>(
        await db.execute(
          sql`select marathon_id as "marathonId" from transfers where token_hash = ${tokenHash}`,
        ),
      );
      return row?.marathonId ?? null;
    },

    /** Locks the race's row for the rest of the transaction (the order every writer of its entries follows). */
    async lockRace(raceId: string): Promise<void> {
      await db.execute(sql`select from marathons where id = ${raceId} for update`);
    },

    /** The offer with this token hash and where its entry stands; `lock`: the offer and entry locked. */
    async findOffer(tokenHash: string, { lock = false } = {}): Promise<OfferRow | null> {
      const [row] = rowsOf<OfferRow>(
        await db.execute(sql`
          select ${TRANSFER.columns}, transfer.status as "storedStatus", transfer.expires_at <= now() as expired,
            registration.status as "registrationStatus",
            exists (select from checkins where checkins.registration_id = registration.id) as "checkedIn",
            race.transfers_until is not null and race.transfers_until > now() as "transfersOpen",
            transfer.from_name as "fromName", transfer.from_user_id as "fromUserId",
            (select email from users where users.id = transfer.from_user_id) as "senderEmail"
          from transfers transfer join registrations registration on registration.id = transfer.registration_id
            join marathons race on race.id = transfer.marathon_id
          where transfer.token_hash = ${tokenHash}
          ${lock ? sql`for update of transfer, registration` : sql``}`),
      );
      return row ?? null;
    },

    /** Whether the user has a live entry in the race. */
    async isEntered(raceId: string, userId: string): Promise<boolean> {
      const rows = rowsOf<{ one: number }>(
        await db.execute(sql`
          select 1 as one from registrations
          where marathon_id = ${raceId} and user_id = ${userId} and status in ${LIVE_STATUSES} limit 1`),
      );
      return rows.length > 0;
    },

    /** The entry's mail facts as they stand (the sender's, before it changes hands). */
    async findMailFacts(
      registrationId: string,
    ): Promise<{ race: RaceFacts; registration: RegistrationFacts }> {
      const [row] = rowsOf<{ race: RaceFacts; registration: RegistrationFacts }>(
        await db.execute(sql`
          select ${RACE_FACTS.jsonb} as race, ${REGISTRATION_FACTS.jsonb} as registration
          from registrations registration join marathons race on race.id = registration.marathon_id
          where registration.id = ${registrationId}`),
      );
      return row!;
    },

    /**
     * The entry becomes the receiver's: their details replace the sender's (answers whole), a new check-in code,
     * the offer accepted. Answers the receiver's mail facts, with the new race pass.
     */
    async handOver(
      transferId: string,
      registrationId: string,
      receiverId: string,
      details: ReceiverDetails,
      at: Date,
    ): Promise<{ race: RaceFacts; registration: RegistrationFacts }> {
      const { entry } = details;
      const answers = Object.fromEntries(
        Object.entries(entry.answers ?? {}).filter(([, answer]) => answer !== null),
      );
      const [row] = rowsOf<{ race: RaceFacts; registration: RegistrationFacts }>(
        await db.execute(sql`
          with accepted as (
            update transfers set status = 'accepted', accepted_at = ${at.toISOString()}::timestamptz,
              to_user_id = ${receiverId}
            where id = ${transferId}
          ), registration as (
            update registrations set user_id = ${receiverId}, first_name = ${details.firstName},
              last_name = ${details.lastName}, contact = ${details.contact}, info = ${details.info},
              date_of_birth = ${entry.dateOfBirth ?? null}::date, gender = ${entry.gender ?? null},
              t_shirt_size = ${entry.tShirtSize ?? null},
              emergency_contact_name = ${entry.emergencyContactName ?? null},
              emergency_contact_phone = ${entry.emergencyContactPhone ?? null},
              answers = ${JSON.stringify(answers)}::jsonb,
              waiver_version = ${entry.waiverVersion ?? null}::int,
              waiver_accepted_at = case when ${entry.waiverVersion ?? null}::int is not null
                then ${at.toISOString()}::timestamptz end,
              -- The sender's pass no longer checks anyone in.
              checkin_code = replace(gen_random_uuid()::text, '-', ''),
              updated_at = now()
            where id = ${registrationId}
            returning *
          )
          select ${RACE_FACTS.jsonb} as race, ${PASS_REGISTRATION_FACTS.jsonb} as registration
          from registration join marathons race on race.id = registration.marathon_id`),
      );
      return row!;
    },
  };
}

export type TransfersRepository = ReturnType<typeof createTransfersRepository>;
