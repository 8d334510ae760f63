import { useLoaderData, useOutletContext, type LoaderFunctionArgs } from 'react-router';
import { LoadFailed } from '../../../components/ui/load-failed';
import { getBallotOrNull } from '../../../features/ballot/api/ballot-api';
import { BALLOT_MESSAGES as M } from '../../../features/ballot/ballot-messages';
import { BallotDesk } from '../../../features/ballot/components/ballot-desk';
import type { ParticipantsOutletContext } from './participants';

/** The race's ballot as it stands; null for no such race (the desk above then says so). */
export async function loader({ params, request }: LoaderFunctionArgs) {
  return { ballot: await getBallotOrNull(params.id ?? '', request.signal) };
}

/** The desk's Ballot tab (issue 35): the ballot's entries and record, and drawing it early. */
export function Component() {
  const { ballot } = useLoaderData<typeof loader>();
  const { race } = useOutletContext<ParticipantsOutletContext>();
  if (!ballot) return null;
  return <BallotDesk race={race} ballot={ballot} />;
}

export function ErrorBoundary() {
  return <LoadFailed message={M.loadFailed} />;
}
