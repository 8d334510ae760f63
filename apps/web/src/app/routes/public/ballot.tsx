import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { LoadFailed } from '../../../components/ui/load-failed';
import { TitledHeading } from '../../../components/ui/titled-heading';
import { paths } from '../../../config/paths';
import { getBallotOrNull } from '../../../features/ballot/api/ballot-api';
import { BALLOT_MESSAGES as M } from '../../../features/ballot/ballot-messages';
import { BallotRecord } from '../../../features/ballot/components/ballot-record';
import { getMarathonOrNull } from '../../../features/marathons/api/marathons-api';
import { MarathonNotFound } from '../../../features/marathons/components/marathon-not-found';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** The race (null for an id no race has) and, for a race entered by ballot, its ballot's public record. */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const id = params.id ?? '';
  const race = await getMarathonOrNull(id, request.signal);
  const ballot = race?.entryMode === 'ballot' ? await getBallotOrNull(id, request.signal) : null;
  return { race: race && { _id: race._id, title: race.title, timeZone: race.timeZone }, ballot };
}

/** A race's ballot, its public record (issue 35), for anyone with the link: enough to check the draw. */
export function Component() {
  const { race, ballot } = useLoaderData<typeof loader>();
  useDocumentTitle(race ? M.title(race.title) : M.notFound);
  if (!race) return <MarathonNotFound message={M.notFound} />;
  return (
    <section className="mx-auto max-w-4xl space-y-6 px-4 py-10 [overflow-wrap:anywhere]">
      <TitledHeading caption={M.caption}>{race.title}</TitledHeading>
      <p>
        <Link to={paths.race.href(race._id)} className="link link-primary">
          {M.raceLink}
        </Link>
      </p>
      {ballot ? (
        <>
          <p className="text-base-content/85">{M.intro}</p>
          <BallotRecord ballot={ballot} timeZone={race.timeZone} />
        </>
      ) : (
        <p className="text-base-content/75">{M.notBallot}</p>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  useDocumentTitle(M.caption);
  return (
    <section className="mx-auto max-w-4xl space-y-6 px-4 py-10">
      <h1 className="text-3xl font-bold">{M.caption}</h1>
      <LoadFailed message={M.loadFailed} />
    </section>
  );
}
