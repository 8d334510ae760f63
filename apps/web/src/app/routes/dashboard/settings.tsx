import { useLoaderData, useNavigate, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { ACCOUNT_MESSAGES } from '@stride/shared';
import { LoadFailed } from '../../../components/ui/load-failed';
import { paths } from '../../../config/paths';
import { getDeletionPreview } from '../../../features/account/api/account-api';
import { DeleteAccount } from '../../../features/account/components/delete-account';
import { DownloadMyData } from '../../../features/account/components/download-my-data';
import { ACCOUNT_TEXTS } from '../../../features/account/messages';
import { ChangeEmailForm } from '../../../features/auth/components/change-email-form';
import { ChangePasswordForm } from '../../../features/auth/components/change-password-form';
import { ProfileForm } from '../../../features/auth/components/profile-form';
import { describeAuthError } from '../../../features/auth/auth-errors';
import { AUTH_MESSAGES } from '../../../features/auth/messages';
import { userContext } from '../../../features/auth/require-user';
import { showToast } from '../../../lib/alerts';
import { clearSession } from '../../../lib/auth-client';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** Where the mailed link of an e-mail change leads back to: this page, which then says how it went. */
const EMAIL_CHANGE_RETURN = `${paths.settings.href}?email=changed`;

export async function loader({ request, context }: LoaderFunctionArgs) {
  return { user: context.get(userContext), preview: await getDeletionPreview(request.signal) };
}

/** The outcome of a followed e-mail change link, from the query it led back with. */
function EmailChangeOutcome({ email }: { email: string }) {
  const [searchParams] = useSearchParams();
  if (searchParams.get('email') !== 'changed') return null;
  const error = searchParams.get('error');
  const text =
    error === null
      ? AUTH_MESSAGES.emailChanged(email)
      : error === 'INVALID_TOKEN' || error === 'TOKEN_EXPIRED'
        ? AUTH_MESSAGES.emailLinkInvalid
        : error === 'EMAIL_IN_USE'
          ? ACCOUNT_MESSAGES.emailInUse
          : describeAuthError({ code: error });
  return (
    <p role="status" className={`alert ${error === null ? 'alert-success' : 'alert-warning'}`}>
      {text}
    </p>
  );
}

/**
 * Account settings: name and photo (docs/SPEC.md §1, §4), then the password, the e-mail address, the download
 * of one's data and, last, deleting the account.
 */
export function Component() {
  useDocumentTitle('Account Settings');
  const { user, preview } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  return (
    <section className="space-y-8">
      <div className="space-y-4">
        <h1 className="text-3xl font-bold">Account Settings</h1>
        <EmailChangeOutcome email={user.email} />
        <p className="text-base-content/80">Your name and photo appear in the navigation bar.</p>
        <ProfileForm user={user} />
      </div>
      {/* An account that only signs in with Google has no password to change. */}
      {preview.hasPassword && <ChangePasswordForm />}
      <ChangeEmailForm currentEmail={user.email} returnTo={EMAIL_CHANGE_RETURN} />
      <DownloadMyData />
      <DeleteAccount
        preview={preview}
        onDeleted={async () => {
          clearSession();
          void showToast('success', ACCOUNT_MESSAGES.deleted);
          await navigate(paths.home.href, { replace: true });
        }}
      />
    </section>
  );
}

export function ErrorBoundary() {
  useDocumentTitle('Account Settings');
  return (
    <section className="space-y-6">
      <h1 className="text-3xl font-bold">Account Settings</h1>
      <LoadFailed message={ACCOUNT_TEXTS.previewFailed} />
    </section>
  );
}
