import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/transaction.js';
import { RACE_FACTS, REGISTRATION_FACTS } from '../../mail/fact-shapes.js';

/** A runner who got a place from the waitlist. */
export type Promotion = { registrationId: string; runnerId: string; bib: number };

/** The waitlist's moves: places that open up go to the runners first in line. */
export function createWaitlistRepository(db: Executor) {
  return {
    /**
     * Gives the race's free places to the runners first in line, in the order they joined, in one statement:
     * each becomes registered with the next bib, the race's counters move, and each is mailed "A place opened
     * up" through the outbox. A race without a limit takes its whole line. Run with the race locked.
     */
    async fillPlaces(raceId: string): Promise<Promotion[]> {
      const result = await db.execute(sql`
        with race as (
          select id, title, start_date, location, distance, time_zone, calendar_sequence, bibs_issued,
            -- null (no limit) lets LIMIT take the whole line
            case when capacity is not null then greatest(capacity - total_registration_count, 0) end as free
          from marathons where id = ${raceId}
        ), next_in_line as (
          select registrations.id, row_number() over (order by waitlist_seq) as turn
          from registrations
          where marathon_id = ${raceId} and status = 'waitlisted'
          order by waitlist_seq
          limit (select free from race)
        ), promoted as (
          update registrations set status = 'registered', bib = race.bibs_issued + next_in_line.turn,
            waitlist_seq = null, updated_at = now()
          from next_in_line, race
          where registrations.id = next_in_line.id
          returning registrations.id, registrations.user_id, registrations.first_name, registrations.last_name,
            registrations.contact, registrations.info, registrations.bib
        ), counted as (
          update marathons set
            total_registration_count = total_registration_count + (select count(*) from promoted),
            bibs_issued = bibs_issued + (select count(*) from promoted),
            waitlist_count = waitlist_count - (select count(*) from promoted)
          where id = ${raceId} and exists (select 1 from promoted)
        ), mailed as (
          insert into mail_outbox (recipient, payload)
          select users.email, jsonb_build_object('kind', 'registration-promoted',
            'race', ${RACE_FACTS.jsonb}, 'registration', ${REGISTRATION_FACTS.jsonb})
          from promoted as registration join users on users.id = registration.user_id cross join race
        )
        select id as "registrationId", user_id as "runnerId", bib from promoted order by bib`);
      return (result as unknown as { rows: Promotion[] }).rows;
    },
  };
}

export type WaitlistRepository = ReturnType<typeof createWaitlistRepository>;
