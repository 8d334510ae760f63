import { Link, useLocation } from 'react-router';
import { AuthCard } from '../../../components/layout/auth-card';
import { paths } from '../../../config/paths';
import { GoogleSignInButton } from '../../../features/auth/components/google-sign-in-button';
import { LoginForm } from '../../../features/auth/components/login-form';
import { isOnWayBack } from '../../../features/auth/redirect-target';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { FormError } from '../../../components/ui/form-controls';
import { useGoogleReturn } from '../../../features/auth/use-google-return';

export function Component() {
  useDocumentTitle('LogIn');
  const googleError = useGoogleReturn();
  const location = useLocation();
  return (
    <AuthCard title="Log in to Stride">
      <FormError message={googleError} />
      <LoginForm />
      <div className="divider my-0">or</div>
      <GoogleSignInButton />
      <p className="text-center text-sm">
        New to Stride?{' '}
        {/* The guard's requested location travels on to sign-up too; see isOnWayBack for `replace`. */}
        <Link
          to={paths.signup}
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
