import { Link, useLoaderData, useLocation } from 'react-router';
import { AuthCard } from '../../../components/layout/auth-card';
import { paths } from '../../../config/paths';
import { loadAuthOptions } from '../../../features/auth/auth-options';
import { GoogleSignInButton } from '../../../features/auth/components/google-sign-in-button';
import { SignUpForm } from '../../../features/auth/components/signup-form';
import { isOnWayBack } from '../../../features/auth/redirect-target';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** Which sign-in methods the server offers, so the Google button shows what it can do from the start. */
export async function loader() {
  return { authOptions: await loadAuthOptions() };
}

export function Component() {
  useDocumentTitle('SignUp');
  const { authOptions } = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <AuthCard title="Create your account">
      <SignUpForm />
      <div className="divider my-0">or</div>
      <GoogleSignInButton isAvailable={authOptions.google} />
      <p className="text-center text-sm">
        Already have an account?{' '}
        <Link
          to={paths.login.href}
          state={location.state}
          replace={isOnWayBack(location.state)}
          className="link link-primary"
        >
          Login
        </Link>
      </p>
    </AuthCard>
  );
}
