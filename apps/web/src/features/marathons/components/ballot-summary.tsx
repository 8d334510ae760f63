import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { DETAILS_MESSAGES } from '../details-messages';

/** A ballot race's line (`getBallotLine`), and the link to the ballot's public record. */
export function BallotSummary({ text, raceId }: { text: string; raceId: string }) {
  return (
    <p className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
      <span className="text-lg font-semibold">{text}</span>
      <Link to={paths.ballot.href(raceId)} className="link link-primary">
        {DETAILS_MESSAGES.ballot.record}
      </Link>
    </p>
  );
}
