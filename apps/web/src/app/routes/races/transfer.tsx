import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { TRANSFER_MESSAGES } from '@stride/shared';
import { LoadFailed } from '../../../components/ui/load-failed';
import { paths } from '../../../config/paths';
import { userContext } from '../../../features/auth/require-user';
import { getTransfer } from '../../../features/registrations/api/transfers-api';
import { TransferAcceptForm } from '../../../features/registrations/components/transfer-accept-form';
import { TRANSFER_ACCEPT_MESSAGES as M } from '../../../features/registrations/registration-messages';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { useDocumentTitle } from '../../../lib/use-document-title';

/**
 * The offer the mailed link names (`/transfers/{token}`), for the signed-in receiver (the guard sends anyone else
 * to sign in first, and back): the offer, or why there is none to take: not theirs or no such token (404), no
 * longer open (410).
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { email } = context.get(userContext);
  const token = params.id ?? '';
  try {
    return { kind: 'offer' as const, token, email, transfer: await getTransfer(token, request.signal) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 410) {
      return { kind: 'gone' as const, message: error.message || TRANSFER_MESSAGES.gone };
    }
    if (error instanceof ApiError && error.status === 404) return { kind: 'not-found' as const };
    throw error;
  }
}

/**
 * A place offered to the signed-in runner (issue 35): who offers it, the race (its start and place), until when
 * the offer is open, and the race's entry form to accept it with.
 */
export function Component() {
  const data = useLoaderData<typeof loader>();
  useDocumentTitle(M.title);
  if (data.kind !== 'offer') {
    return (
      <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
        <h1 className="text-3xl font-bold">{data.kind === 'gone' ? M.goneHeading : M.notFoundHeading}</h1>
        <p className="text-base-content/75">{data.kind === 'gone' ? data.message : M.notFoundText}</p>
        <Link to={paths.myApplies.href} className="btn btn-primary">
          {M.myApplies}
        </Link>
      </section>
    );
  }
  const { token, email, transfer } = data;
  const race = transfer.marathon;
  return (
    <section className="mx-auto max-w-2xl px-4 py-10 [overflow-wrap:anywhere]">
      <div className="card bg-base-100 border-base-300 border shadow-sm">
        <div className="card-body gap-4">
          <h1 className="text-2xl font-bold sm:text-3xl">{M.heading(transfer.fromName, race.title)}</h1>
          <ul className="space-y-1">
            <li>
              <span className="font-semibold">{M.raceStart}:</span>{' '}
              <time dateTime={race.startDate}>{formatDateTime(race.startDate, race.timeZone)}</time>
            </li>
            <li>
              <span className="font-semibold">{M.location}:</span> {race.location}
            </li>
          </ul>
          <p className="text-base-content/85">
            {M.intro} {M.openUntil(formatDateTime(transfer.expiresAt, race.timeZone))}
          </p>
          <TransferAcceptForm key={token} token={token} race={race} email={email} />
        </div>
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  useDocumentTitle(M.title);
  return (
    <section className="mx-auto max-w-2xl space-y-6 px-4 py-10">
      <h1 className="text-3xl font-bold">{M.title}</h1>
      <LoadFailed message={M.loadFailed} />
    </section>
  );
}
