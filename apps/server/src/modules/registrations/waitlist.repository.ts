import { sql } from 'drizzle-orm';
import { isoInstant } from '../../db/json-text.js';
import type { Executor } from '../../db/transaction.js';
import { PASS_REGISTRATION_FACTS, RACE_FACTS, REGISTRATION_FACTS } from '../../mail/fact-shapes.js';

/** A runner who got a place from the waitlist (or a hold on one: no bib yet). */
export type Promotion = { registrationId: string; runnerId: string; bib: number | null };

/** The waitlist's moves: places that open up go to the runners first in line. */
export function createWaitlistRepository(db: Executor) {
  return {
    /**
     * Gives the race's free places to the runners first in line, in the order they joined, in one statement:
     * each becomes registered with the next bib (mailed "A place opened up"), or, paying online, holds the
     * place until `claimUntil` (mailed to pay by then); the race's counters move. A race without a limit takes
     * its whole line. Run with the race locked.
     */
    async fillPlaces(raceId: string, claimUntil: Date): Promise<Promotion[]> {
      const result = await db.execute(sql`
        with race as (
          select id, title, start_date, location, distance, time_zone, calendar_sequence, bibs_issued,
            -- null (no limit) lets LIMIT take the whole line
            case when capacity is not null
              then greatest(capacity - total_registration_count - pending_count, 0) end as free
          from marathons where id = ${raceId}
        ), next_in_line as (
          select id, hold, row_number() over (partition by hold order by waitlist_seq) as turn from (
            select registrations.id, registrations.waitlist_seq,
              -- A runner paying online gets the place held while they pay; on site (or free), the place itself.
              registrations.payment_method = 'online' and registrations.amount_due > 0 as hold
            from registrations
            where marathon_id = ${raceId} and status = 'waitlisted'
            order by waitlist_seq
            limit (select free from race)
          ) as first_in_line
        ), promoted as (
          update registrations set
            status = case when next_in_line.hold then 'pending_payment' else 'registered' end,
            bib = case when not next_in_line.hold then race.bibs_issued + next_in_line.turn end,
            payment_status = case when registrations.amount_due > 0 and not next_in_line.hold then 'due'
              else registrations.payment_status end,
            hold_expires_at = case when next_in_line.hold then ${claimUntil.toISOString()}::timestamptz end,
            waitlist_seq = null, updated_at = now()
          from next_in_line, race
          where registrations.id = next_in_line.id
          returning registrations.*
        ), counted as (
          update marathons set
            total_registration_count = total_registration_count
              + (select count(*) from promoted where status = 'registered'),
            bibs_issued = bibs_issued + (select count(*) from promoted where status = 'registered'),
            pending_count = pending_count + (select count(*) from promoted where status = 'pending_payment'),
            waitlist_count = waitlist_count - (select count(*) from promoted)
          where id = ${raceId} and exists (select 1 from promoted)
        ), mailed as (
          insert into mail_outbox (recipient, payload)
          select users.email, case when registration.status = 'registered'
            then jsonb_build_object('kind', 'registration-promoted',
              'race', ${RACE_FACTS.jsonb}, 'registration', ${PASS_REGISTRATION_FACTS.jsonb})
            else jsonb_build_object('kind', 'place-offered', 'race', ${RACE_FACTS.jsonb},
              'registration', ${REGISTRATION_FACTS.jsonb}, 'holdExpiresAt', ${isoInstant(sql`registration.hold_expires_at`)})
            end
          from promoted as registration join users on users.id = registration.user_id cross join race
        )
        select id as "registrationId", user_id as "runnerId", bib from promoted order by bib, id`);
      return (result as unknown as { rows: Promotion[] }).rows;
    },
  };
}

export type WaitlistRepository = ReturnType<typeof createWaitlistRepository>;
