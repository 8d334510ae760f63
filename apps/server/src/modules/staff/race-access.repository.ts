import { sql } from 'drizzle-orm';
import type { StaffRole } from '@stride/shared';
import type { Executor } from '../../db/transaction.js';
import type { RaceAccess } from '../../lib/race-access.js';

const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

/** The staff module's answer to {@link RaceAccess}: one index lookup (race_staff_user_idx) per call. */
export function createRaceAccess(db: Executor): RaceAccess {
  return {
    async staffRole(raceId, userId) {
      const rows = rowsOf<{ role: StaffRole }>(
        await db.execute(sql`
          select role from race_staff
          where user_id = ${userId} and marathon_id = ${raceId} and status = 'active'`),
      );
      return rows[0]?.role ?? null;
    },
  };
}
