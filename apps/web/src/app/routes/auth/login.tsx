import { Link, useLoaderData, useLocation } from 'react-router';
import { AuthCard } from '../../../components/layout/auth-card';
import { FormError } from '../../../components/ui/form-controls';
import { paths } from '../../../config/paths';
import { loadAuthOptions } from '../../../features/auth/auth-options';
import { GoogleSignInButton } from '../../../features/auth/components/google-sign-in-button';
import { LoginForm } from '../../../features/auth/components/login-form';
import { AUTH_MESSAGES } from '../../../features/auth/messages';
import { isOnWayBack } from '../../../features/auth/redirect-target';
import { isRaceRequested } from '../../../features/auth/requested-race';
import { useGoogleReturn } from '../../../features/auth/use-google-return';
import { useRequestedLocation } from '../../../features/auth/use-requested-location';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** Which sign-in methods the server offers, so the Google button shows what it can do from the start. */
export async function loader() {
  return { authOptions: await loadAuthOptions() };
}

export function Component() {
  useDocumentTitle('LogIn');
  useRequestedLocation();
  const { authOptions } = useLoaderData<typeof loader>();
  const googleError = useGoogleReturn();
  const location = useLocation();
  return (
    <AuthCard title="Log in to Stride">
      {/* Sent here from a race (its page's Register button, its details, its form): say why. */}
      {isRaceRequested(location) && (
        <p className="text-center font-medium">{AUTH_MESSAGES.raceLoginPrompt}</p>
      )}
      <FormError message={googleError} />
      <LoginForm />
      <div className="divider my-0">or</div>
      <GoogleSignInButton isAvailable={authOptions.google} />
      <p className="text-center text-sm">
        New to Stride?{' '}
        {/* The guard's requested location travels on to sign-up too; see isOnWayBack for `replace`. */}
        <Link
          to={paths.signup.href}
          state={location.state}
          replace={isOnWayBack(location.state)}
          className="link link-primary"
        >
          Register
        </Link>
      </p>
    </AuthCard>
  );
}
