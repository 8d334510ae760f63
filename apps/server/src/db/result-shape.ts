import { type SQL, sql } from 'drizzle-orm';
import { DISTANCE_KM, type Result } from '@stride/shared';
import { defineShape } from './shape.js';

/**
 * A runner's result as the API answers it (resultSchema), from a race_results row `result` and its marathons row
 * `race`: the places and the pace under the race's `rank_by`. Here, below the modules, because the results
 * module answers it and the registrations module puts it on the runner's own entries.
 */

/** `H:MM:SS` of a time in milliseconds (as formatRaceTime writes it). */
const timeText = (ms: SQL) => sql`case when ${ms} is not null then
  (${ms} / 3600000)::text || ':' || lpad((${ms} / 60000 % 60)::text, 2, '0') || ':'
    || lpad((${ms} / 1000 % 60)::text, 2, '0') end`;

/** The race's distance in kilometres, as DISTANCE_KM has it. */
const DISTANCE_KM_SQL = sql`case race.distance ${sql.join(
  Object.entries(DISTANCE_KM).map(([distance, km]) => sql.raw(`when '${distance}' then ${km}`)),
  sql` `,
)} end`;

const byRanking = (chip: SQL, gun: SQL) => sql`case when race.rank_by = 'gun' then ${gun} else ${chip} end`;

/** The time that ranks the finisher: the race's `rank_by`, else the other. */
export const RANKING_MS = byRanking(
  sql`coalesce(result.chip_ms, result.gun_ms)`,
  sql`coalesce(result.gun_ms, result.chip_ms)`,
);

/** `M:SS` per kilometre of the ranking time (whole seconds, rounded, as formatPace writes it). */
const pacePerKm = sql`case when result.status = 'FIN' and ${RANKING_MS} is not null then (
  select (pace / 60)::text || ':' || lpad((pace % 60)::text, 2, '0')
  from (select round(${RANKING_MS} / 1000.0 / ${DISTANCE_KM_SQL})::int as pace) as seconds
) end`;

export const RESULT = defineShape<Result>({
  registrationId: sql`result.registration_id`,
  bib: sql`result.bib`,
  firstName: sql`result.first_name`,
  lastName: sql`result.last_name`,
  gender: sql`result.gender`,
  ageGroup: sql`result.age_group`,
  chipTime: sql`result.chip_ms`,
  gunTime: sql`result.gun_ms`,
  chipTimeText: timeText(sql`result.chip_ms`),
  gunTimeText: timeText(sql`result.gun_ms`),
  status: sql`result.status`,
  place: byRanking(sql`result.chip_place`, sql`result.gun_place`),
  genderPlace: byRanking(sql`result.chip_gender_place`, sql`result.gun_gender_place`),
  ageGroupPlace: byRanking(sql`result.chip_age_group_place`, sql`result.gun_age_group_place`),
  pacePerKm,
});
