import { type SQL, sql } from 'drizzle-orm';
import { preparedStatement } from './prepared.js';

type OwnListPageRow = { total: number; json: string | null };

/**
 * A page of someone's own list (their races, their registrations), newest first, with the list's length, in one
 * round trip: `owned` selects the list's `id` and `created_at` (from the owner's index), `joins` joins the page's
 * ids (`page.id`) to what `rowJson` writes each row from. A page past the end is one row with the length and no
 * JSON, so the count never takes a second query.
 */
export function ownListPageStatement({ owned, joins, rowJson }: { owned: SQL; joins: SQL; rowJson: SQL }) {
  const statement = preparedStatement<OwnListPageRow>(sql`
    select counted.total, listed.json
    from (select count(*)::int as total from (${owned}) as owned) as counted
    left join lateral (
      select ${rowJson} as json, page.created_at, page.id
      from (
        ${owned} order by created_at desc, id desc
        limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}
      ) as page ${joins}
    ) as listed on true
    order by listed.created_at desc, listed.id desc`);
  return async (...args: Parameters<typeof statement>) => {
    const rows = await statement(...args);
    return {
      json: rows.flatMap((row) => (row.json === null ? [] : [row.json])),
      total: rows[0]?.total ?? 0,
    };
  };
}
