import { useLoaderData, useOutletContext, type LoaderFunctionArgs } from 'react-router';
import { LoadFailed } from '../../../components/ui/load-failed';
import { findStaffOrNull } from '../../../features/team/api/team-api';
import { TeamPanel } from '../../../features/team/components/team-panel';
import { TEAM_MESSAGES as M } from '../../../features/team/team-messages';
import type { ParticipantsOutletContext } from './participants';

/** The race's team (issue 33); null when the caller may not see it (the desk above then says why). */
export async function loader({ params, request }: LoaderFunctionArgs) {
  return { members: await findStaffOrNull(params.id ?? '', request.signal) };
}

/**
 * The desk's Team tab: the organizer invites co-organizers and check-in volunteers, changes their role and
 * removes them; a co-organizer sees the team only.
 */
export function Component() {
  const { members } = useLoaderData<typeof loader>();
  const { race, isOrganizer } = useOutletContext<ParticipantsOutletContext>();
  if (members === null) return null;
  return <TeamPanel raceId={race._id} members={members} canManage={isOrganizer} />;
}

export function ErrorBoundary() {
  return <LoadFailed message={M.tab.loadFailed} />;
}
