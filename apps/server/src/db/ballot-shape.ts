import { type SQL, sql } from 'drizzle-orm';

/**
 * Where an entry came out of its race's ballot (issue 35) as JSON `{ position, outcome }`, from the registrations
 * row `entry` names; null for an entry never drawn. The first `winners` drawn won. Here, below the modules, because
 * a registration and the desk's history both carry it.
 */
export const ballotOutcomeOf = (
  entry: SQL,
) => sql`(select json_build_object('position', ${entry}.ballot_position,
    'outcome', case when ${entry}.ballot_position <= seed.winners then 'won' else 'waitlisted' end)
  from ballot_seeds seed where ${entry}.ballot_position is not null and seed.marathon_id = ${entry}.marathon_id)`;
