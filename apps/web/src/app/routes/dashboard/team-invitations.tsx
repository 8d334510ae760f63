import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ScreenLoadFailed } from '../../../components/ui/screen-load-failed';
import { userContext } from '../../../features/auth/require-user';
import { findMyInvitations } from '../../../features/team/api/team-api';
import { InvitationList } from '../../../features/team/components/invitation-list';
import { TEAM_MESSAGES } from '../../../features/team/team-messages';
import { invitationTokenOf } from '../../../features/team/team-roles';
import { useDocumentTitle } from '../../../lib/use-document-title';

const M = TEAM_MESSAGES.invitations;

/** The invitations to the signed-in user's e-mail, and the mail's `?token=` that answers one. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { email } = context.get(userContext);
  const token = invitationTokenOf(new URL(request.url).searchParams);
  return { invitations: await findMyInvitations(request.signal), token, email };
}

/** Invitations (issue 33): where the invitation mail's link leads, to accept or decline a place on a team. */
export function Component() {
  useDocumentTitle(M.title);
  const { invitations, token, email } = useLoaderData<typeof loader>();
  return (
    <section className="space-y-6">
      <h1 className="text-3xl font-bold">{M.heading}</h1>
      <InvitationList invitations={invitations} token={token} email={email} />
    </section>
  );
}

export function ErrorBoundary() {
  return <ScreenLoadFailed title={M.title} message={M.loadFailed} />;
}
