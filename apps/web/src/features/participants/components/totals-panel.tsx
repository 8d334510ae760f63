import { formatNumber } from '../../../lib/counts';
import type { TotalsTable } from '../entry-answers';
import { PARTICIPANTS_MESSAGES } from '../participants-messages';

const T = PARTICIPANTS_MESSAGES.totals;

/** Registered runners per T-shirt size, gender and age group: a table each, for the shop, the timer and the insurer. */
export function TotalsPanel({ tables }: { tables: readonly TotalsTable[] }) {
  if (tables.length === 0) return null;
  return (
    <section aria-labelledby="totals-heading" className="space-y-3">
      <h2 id="totals-heading" className="text-xl font-bold">
        {T.heading}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {tables.map((table) => (
          <div key={table.key} className="border-base-300 rounded-box min-w-0 border">
            <table className="table-sm table">
              <caption className="px-3 pt-2 text-left font-semibold">{table.caption}</caption>
              <thead>
                <tr>
                  <th scope="col">{T.value[table.key]}</th>
                  <th scope="col" className="text-right">
                    {T.count}
                  </th>
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row) => (
                  <tr key={row.value}>
                    <th scope="row" className="font-normal break-words">
                      {row.label}
                    </th>
                    <td className="text-right tabular-nums">{formatNumber(row.count)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
      </div>
    </section>
  );
}
